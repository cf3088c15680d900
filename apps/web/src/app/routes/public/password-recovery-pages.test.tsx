import { invalid, recovery, required } from '@portal/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { statusReply, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const visitor = { 'GET /api/': statusReply(null) };
const resetLink = (token: string) => `${paths.signin.resetPassword.student}#token=${token}`;

describe('forgot password page', () => {
  it('opens from the sign-in page of the role', async () => {
    stubApi(visitor);
    const { user, router } = renderApp(paths.signin.staff);

    await user.click(await screen.findByRole('link', { name: 'Forgot Password' }));

    expect(await screen.findByRole('heading', { name: 'College Staff Forgot Password' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.signin.forgotPassword.staff);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', paths.signin.staff);
  });

  it('checks the email beside the field without calling the server', async () => {
    const { calls } = stubApi(visitor);
    const { user } = renderApp(paths.signin.forgotPassword.student);

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(required.emailID)).toBeVisible();

    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(invalid.email)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("sends the email to the role's endpoint and shows the server's confirmation instead of the form", async () => {
    const { calls } = stubApi({
      ...visitor,
      'POST /api/company/forgotPassword': { body: { message: recovery.linkSent } },
    });
    const { user } = renderApp(paths.signin.forgotPassword.company);

    await user.type(await screen.findByLabelText('Email'), 'hr@acme.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(recovery.linkSent);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ emailID: 'hr@acme.com' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      paths.signin.company,
    );
  });

  it('toasts a refusal and keeps the form', async () => {
    stubApi({
      ...visitor,
      'POST /api/student/forgotPassword': { status: 429, body: { message: recovery.tooManyRequests } },
    });
    const { user } = renderApp(paths.signin.forgotPassword.student);

    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    // In the toast and on the form, where it stays.
    expect(
      await screen.findByText(recovery.tooManyRequests, { selector: 'form [role="alert"]' }),
    ).toBeVisible();
    expect(screen.getAllByText(recovery.tooManyRequests)).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
  });
});

describe('reset password page', () => {
  it('says the link is not valid when it has no token, and offers a new one', async () => {
    const { calls } = stubApi(visitor);
    renderApp(paths.signin.resetPassword.student);

    expect(await screen.findByRole('alert')).toHaveTextContent(recovery.invalidLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      paths.signin.forgotPassword.student,
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's reason when it refuses the link, with no form", async () => {
    const { calls } = stubApi({
      ...visitor,
      'POST /api/company/checkResetLink': { status: 400, body: { message: recovery.expiredLink } },
    });
    renderApp(`${paths.signin.resetPassword.company}#token=old-token`);

    expect(await screen.findByRole('alert')).toHaveTextContent(recovery.expiredLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      paths.signin.forgotPassword.company,
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'old-token' });
  });

  it('opens in a browser signed in as someone, instead of sending them to their area', async () => {
    stubApi({
      'GET /api/': statusReply('student'),
      'POST /api/student/checkResetLink': { status: 400, body: { message: recovery.usedLink } },
    });
    const { user, router } = renderApp(resetLink('used-token'));

    expect(await screen.findByRole('alert')).toHaveTextContent(recovery.usedLink);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));

    expect(await screen.findByRole('heading', { name: 'Student Forgot Password' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.signin.forgotPassword.student);
  });

  it('checks the new password beside the fields before sending it', async () => {
    const { calls } = stubApi({
      ...visitor,
      'POST /api/student/checkResetLink': { body: { message: recovery.linkValid } },
    });
    const { user } = renderApp(resetLink('abc123'));

    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(required.newPassword)).toBeVisible();
    expect(screen.getByText(required.confirmNewPassword)).toBeVisible();

    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(invalid.weakPassword)).toBeVisible();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(invalid.passwordMismatch)).toBeVisible();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');

    expect(calls.filter((call) => call.path === '/api/student/resetForgottenPassword')).toEqual([]);
  });

  it('sets the new password with the token, toasts and lands on the sign-in page', async () => {
    const { calls } = stubApi({
      ...visitor,
      'POST /api/student/checkResetLink': { body: { message: recovery.linkValid } },
      'POST /api/student/resetForgottenPassword': { body: { message: recovery.reset } },
    });
    const { user, router } = renderApp(resetLink('abc123'));

    expect(await screen.findByRole('heading', { name: 'Student Reset Password' })).toBeVisible();
    await user.type(await screen.findByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(recovery.reset)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Student Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.signin.student);
    expect(calls.find((call) => call.path === '/api/student/resetForgottenPassword')?.body).toEqual({
      token: 'abc123',
      newPassword: 'secret12',
      confirmNewPassword: 'secret12',
    });
  });

  it('replaces the form by the reason when the link is refused at submit', async () => {
    stubApi({
      ...visitor,
      'POST /api/student/checkResetLink': { body: { message: recovery.linkValid } },
      'POST /api/student/resetForgottenPassword': { status: 400, body: { message: recovery.usedLink } },
    });
    const { user } = renderApp(resetLink('abc123'));

    await user.type(await screen.findByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(recovery.usedLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});
