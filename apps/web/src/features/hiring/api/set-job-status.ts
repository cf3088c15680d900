import { jobsApi } from '@portal/contracts/api/jobs';
import type { JobStatus } from '@portal/contracts/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

export const setJobStatus = ({ id, status }: { id: string; status: JobStatus }) =>
  api.call(jobsApi.setStatus, { params: { id }, body: { status } });

export function useSetJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setJobStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hiringQueryKey }),
  });
}
