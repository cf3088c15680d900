import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const renderForm = (role: 'student' | 'company' = 'student') =>
  renderRoutes([{ path: '/', Component: () => <ChangePasswordForm role={role} /> }], '/');

describe('change password form', () => {
  it('asks for each password when sent empty', async () => {
    const { calls } = stubApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Please enter your Current Password.')).toBeVisible();
    expect(screen.getByText('Please enter your New Password.')).toBeVisible();
    expect(screen.getByText('Please enter your Confirm New Password.')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('says when the new password and its confirmation differ, without calling the server', async () => {
    const { calls } = stubApi({});
    const { user } = renderForm();

    await user.type(screen.getByLabelText('Current Password'), 'secret1');
    await user.type(screen.getByLabelText('New Password'), 'secret2');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret3');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText("New Password and Confirm New Password don't match!")).toBeVisible();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("sends the passwords to the role's endpoint, toasts the reply and clears the form", async () => {
    const { calls } = stubApi({
      'POST /api/company/resetPassword': { body: { message: 'Password changed successfully.' } },
    });
    const { user } = renderForm('company');

    await user.type(screen.getByLabelText('Current Password'), 'secret1');
    await user.type(screen.getByLabelText('New Password'), 'secret2');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password changed successfully.')).toBeVisible();
    expect(calls[0]?.body).toEqual({
      currentPassword: 'secret1',
      newPassword: 'secret2',
      confirmNewPassword: 'secret2',
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('toasts a wrong current password and keeps what was typed', async () => {
    stubApi({
      'POST /api/student/resetPassword': {
        status: 400,
        body: { message: 'Your current password is not correct.' },
      },
    });
    const { user } = renderForm();

    await user.type(screen.getByLabelText('Current Password'), 'wrong12');
    await user.type(screen.getByLabelText('New Password'), 'secret2');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(
      await screen.findByText('Your current password is not correct.', { selector: 'form [role="alert"]' }),
    ).toBeVisible();
    expect(screen.getAllByText('Your current password is not correct.')).toHaveLength(2);
    expect(screen.getByLabelText('New Password')).toHaveValue('secret2');
  });
});
