import { passwordResetApi } from '@portal/contracts/api/password-reset';
import type { Role } from '@portal/contracts/common';
import type { ResetForgottenPassword } from '@portal/contracts/password-reset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { statusQueryKey } from './get-status.ts';

/** Sets a new password with an emailed link's token; the server ends every session of the account. */
export const resetForgottenPassword = (role: Role, body: ResetForgottenPassword) =>
  api.call(passwordResetApi[role].resetForgottenPassword, { body });

export function useResetForgottenPassword(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetForgottenPassword) => resetForgottenPassword(role, body),
    // A refused link is shown by the page, with what to do next; other failures it toasts itself.
    meta: { ownErrorToast: true },
    // This browser's own session may have been one of those ended: the next page asks the server.
    onSuccess: () => queryClient.removeQueries({ queryKey: statusQueryKey }),
  });
}
