import type { AcademicDecision } from '@portal/contracts/academic-records';
import { academicRecordsApi } from '@portal/contracts/api/academic-records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changeRequestsQueryKey } from './get-change-requests.ts';

/** Approves or rejects a waiting change; resolves to the server's confirmation. */
export const decideChangeRequest = ({ id, ...body }: AcademicDecision & { id: string }) =>
  api.call(academicRecordsApi.decide, { params: { id }, body });

/**
 * The lists are fetched again after any answer: a refusal (decided by someone else meanwhile, or
 * replaced by a newer change) means this page was out of date too.
 */
export function useDecideChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideChangeRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: changeRequestsQueryKey }),
  });
}
