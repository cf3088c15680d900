import { emailChangeApi } from '@portal/contracts/api/email-change';
import type { ApproveEmailChange } from '@portal/contracts/email-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getEmailChangeQueryOptions } from './get-email-change.ts';

/** Approves the change with the student's password: the new address then gets its confirmation link. */
export const approveEmailChange = ({ id, ...body }: ApproveEmailChange & { id: string }) =>
  api.call(emailChangeApi.student.approve, { params: { id }, body });

/** Declines (or cancels) the change: the sign-in email stays as it is. */
export const declineEmailChange = (id: string) =>
  api.call(emailChangeApi.student.decline, { params: { id } });

/** Either answer changes the change's state: it is fetched again, also after a refusal. */
function useAnswer<T>(mutationFn: (input: T) => Promise<string>) {
  const queryClient = useQueryClient();
  const { queryKey } = getEmailChangeQueryOptions();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export const useApproveEmailChange = () => useAnswer(approveEmailChange);
export const useDeclineEmailChange = () => useAnswer(declineEmailChange);
