import { authApi } from '@portal/contracts/api/auth';
import type { ChangePassword } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The signed-in user changes their own password; resolves to "Password changed successfully.". */
export const changePassword = (role: Role, body: ChangePassword) =>
  api.call(authApi[role].resetPassword, { body });

export const useChangePassword = (role: Role) =>
  useMutation({ mutationFn: (body: ChangePassword) => changePassword(role, body) });
