import { jobsApi } from '@portal/contracts/api/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getOwnJobs = () => api.call(jobsApi.ownJobs);

/** Every hiring query starts with this key, so a change to a job or an application refreshes them all. */
export const hiringQueryKey = ['company', 'hiring'] as const;

export const getOwnJobsQueryOptions = () =>
  queryOptions({ queryKey: [...hiringQueryKey, 'jobs'], queryFn: getOwnJobs });

export const useOwnJobs = () => useQuery(getOwnJobsQueryOptions());
