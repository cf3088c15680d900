import { passwordResetApi } from '@portal/contracts/api/password-reset';
import type { Role } from '@portal/contracts/common';
import type { ForgotPassword } from '@portal/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Asks for an emailed link to choose a new password. Resolves to the same confirmation whether or not
 * the account exists, so the answer never tells who has one.
 */
export const requestPasswordReset = (role: Role, body: ForgotPassword) =>
  api.call(passwordResetApi[role].forgotPassword, { body });

export const useRequestPasswordReset = (role: Role) =>
  useMutation({ mutationFn: (body: ForgotPassword) => requestPasswordReset(role, body) });
