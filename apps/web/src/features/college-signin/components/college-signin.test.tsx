import { collegeSigninMessages } from '@portal/contracts/college-signin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs } from '../../../testing/staff-area.ts';

const google = { id: '11111111-1111-4111-8111-111111111111', displayName: 'Sign in with Google' };

describe('sign-in through the college', () => {
  it('shows the college’s buttons above the password form, each starting at the server', async () => {
    stubApi({
      'GET /api/': statusReply(null),
      'GET /api/oidc/options': { body: { message: { providers: [google], passwordSignin: true } } },
    });
    renderApp(paths.signin.student);
    const button = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(button).toHaveAttribute('href', `/api/oidc/${google.id}/start?role=student`);
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('leaves the password form out when the college turned passwords off, and says why a sign-in failed', async () => {
    stubApi({
      'GET /api/': statusReply(null),
      'GET /api/oidc/options': { body: { message: { providers: [google], passwordSignin: false } } },
    });
    renderApp(`${paths.signin.student}?signin-error=domain`);
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(collegeSigninMessages.errors.domain);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByText(/password sign-in is turned off/)).toBeVisible();
  });

  it('lets staff test an issuer and add a provider, never showing a stored secret', async () => {
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/college-staff/signin': {
        body: {
          message: {
            providers: [],
            passwordSignin: { student: true, 'college-staff': true },
            redirectUri: 'http://localhost:3000/api/oidc/callback',
          },
        },
      },
      'POST /api/college-staff/signin/test': {
        body: {
          message: {
            issuer: 'https://accounts.google.com',
            authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenEndpoint: 'https://oauth2.googleapis.com/token',
            jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
            pkce: true,
            scopes: ['openid', 'email', 'profile'],
          },
        },
      },
      'POST /api/college-staff/signin/providers': {
        status: 201,
        body: { message: collegeSigninMessages.saved },
      },
    });
    const { user } = renderApp(paths.staff.signin);
    expect(
      await screen.findByText('http://localhost:3000/api/oidc/callback', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add a provider' }));
    const form = screen.getByRole('form', { name: 'New sign-in provider' });
    expect(within(form).getByLabelText('Issuer URL')).toHaveValue('https://accounts.google.com');
    await user.click(within(form).getByRole('button', { name: 'Test' }));
    expect(await within(form).findByText('https://oauth2.googleapis.com/token')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(collegeSigninMessages.clientId)).toBeVisible();
    await user.type(within(form).getByLabelText('Client ID'), 'portal-client');
    await user.type(within(form).getByLabelText('Client secret'), 'portal-secret');
    await user.type(
      within(form).getByLabelText('Allowed email domains'),
      'college.edu, Students.College.edu',
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(collegeSigninMessages.saved)).toBeVisible();
    expect(calls.find((c) => c.path === '/api/college-staff/signin/providers')?.body).toEqual({
      kind: 'google',
      displayName: 'Sign in with Google',
      issuer: 'https://accounts.google.com',
      clientId: 'portal-client',
      clientSecret: 'portal-secret',
      allowedDomains: ['college.edu', 'students.college.edu'],
      roles: ['student', 'college-staff'],
      enabled: true,
    });
  }, 30_000);
});
