import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { studentRecord as studentRecordForSignin } from '../../../testing/records.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const header = () => within(screen.getByRole('banner'));

describe('public pages', () => {
  it('shows the landing page with the tagline and both buttons to a visitor', async () => {
    stubApi({ 'GET /api/': statusReply(null) });
    renderApp(paths.home);

    expect(await screen.findByRole('heading', { name: 'your gateway to success' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Learn more about the project' })).toHaveAttribute(
      'href',
      paths.about,
    );
    expect(header().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', paths.signin.root);
    expect(header().getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', paths.signup.root);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers only Sign Up on the sign-in pages and only Sign In on the sign-up pages', async () => {
    stubApi({ 'GET /api/': statusReply(null) });
    const { user } = renderApp(paths.signin.root);

    await user.click(await screen.findByRole('link', { name: /Company/ }));
    expect(await screen.findByRole('heading', { name: 'Company Sign In' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      paths.signin.forgotPassword.company,
    );
    expect(header().queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(header().getByRole('link', { name: 'Sign Up' }));
    await user.click(await screen.findByRole('link', { name: /College Staff/ }));
    expect(await screen.findByLabelText('Staff signup code')).toBeVisible();
    expect(header().getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(header().queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user from a public page to their area', async () => {
    stubApi({
      'GET /api/': statusReply('company'),
      'GET /api/company/getCompanyData': {
        status: 403,
        body: { message: 'You are Suspended, Contact Admin.' },
      },
    });
    const { router } = renderApp(paths.signup.company);

    expect(await screen.findByRole('heading', { name: 'You are Suspended, Contact Admin.' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.company.root);
  });

  it('toasts at top-center when the status check cannot reach the server, and stays public', async () => {
    stubApi({ 'GET /api/': 'network-error' });
    renderApp(paths.about);

    expect(await screen.findByRole('heading', { name: 'About' })).toBeVisible();
    const toast = await screen.findByText('Network error. Please check your connection.');
    expect(toast.closest('.Toastify__toast-container--top-center')).not.toBeNull();
  });

  it('signs a student in and opens the student area', async () => {
    stubApi({
      'GET /api/': statusReply(null),
      'POST /api/student/signin': { body: { message: 'Signed In successfully' } },
      'GET /api/student/getUserData': { body: { message: studentRecordForSignin } },
      'GET /api/notifications': { body: { message: { items: [], total: 0, unread: 0 } } },
    });
    const { user, router } = renderApp(paths.signin.student);

    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Signed In successfully')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Student Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.student.root);
  });

  it("shows the server's error when sign-in fails", async () => {
    stubApi({
      'GET /api/': statusReply(null),
      'POST /api/company/signin': { status: 401, body: { message: 'Invalid email or password.' } },
    });
    const { user } = renderApp(paths.signin.company);

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email address.')).toBeVisible();
    expect(screen.getByText('Please enter your Password.')).toBeVisible();

    await user.type(screen.getByLabelText('Email'), 'hr@acme.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    // On the form, where it stays once the toast has faded, and in the toast.
    expect(
      await screen.findByText('Invalid email or password.', { selector: 'form [role="alert"]' }),
    ).toBeVisible();
    expect(screen.getAllByText('Invalid email or password.')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Company Sign In' })).toBeVisible();

    // Sent again, the form's alert goes until the new answer.
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('Invalid email or password.', { selector: 'form [role="alert"]' }),
    ).toBeVisible();
  });
});
