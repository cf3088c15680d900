import { emailChangeApi } from '@portal/contracts/api/email-change';
import type { Role } from '@portal/contracts/common';
import type { ConfirmEmailChange } from '@portal/contracts/email-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { statusQueryKey } from './get-status.ts';

/** Makes the new address the sign-in email with the emailed link's token; the server ends every session. */
export const confirmEmailChange = (role: Role, body: ConfirmEmailChange) =>
  api.call(emailChangeApi[role].confirm, { body });

export function useConfirmEmailChange(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmEmailChange) => confirmEmailChange(role, body),
    // A refused link is shown by the page, with what to do next; other failures it toasts itself.
    meta: { ownErrorToast: true },
    // This browser's own session may have been one of those ended: the next page asks the server.
    onSuccess: () => queryClient.removeQueries({ queryKey: statusQueryKey }),
  });
}
