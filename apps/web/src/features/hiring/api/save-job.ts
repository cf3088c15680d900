import { jobsApi } from '@portal/contracts/api/jobs';
import type { PostJob } from '@portal/contracts/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

export type JobValue = PostJob['value'];

/** Posts a new job, or saves an edit of one (with its id). */
export const saveJob = ({ id, value }: { id?: string; value: JobValue }) =>
  id
    ? api.call(jobsApi.update, { params: { id }, body: value })
    : api.call(jobsApi.post, { body: { typ: 'jobs', value } });

export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hiringQueryKey }),
  });
}
