import type { Job, PostJob } from '@portal/contracts/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

export type JobValue = PostJob['value'];

/** Posts a new job, or saves an edit of one (with its id). */
export const saveJob = ({ id, value }: { id?: string; value: JobValue }) =>
  id
    ? api.put<Job>(`/api/company/jobs/${encodeURIComponent(id)}`, value)
    : api.post<Job>('/api/company/postJob', { typ: 'jobs', value });

export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hiringQueryKey }),
  });
}
