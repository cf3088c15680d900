import { messagingApi } from '@portal/contracts/api/messaging';
import type { StageMessageBody } from '@portal/contracts/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** Sends one message to every applicant of the job at the stage; resolves to the server's count. */
export const sendStageMessage = ({ jobId, message }: { jobId: string; message: StageMessageBody }) =>
  api.call(messagingApi.sendToStage, { params: { id: jobId }, body: message });

export function useSendStageMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStageMessage,
    // The sent list and each applicant's history gain the message.
    onSettled: () => queryClient.invalidateQueries({ queryKey: hiringQueryKey }),
  });
}
