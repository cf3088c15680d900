import { applicationsApi } from '@portal/contracts/api/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One job as the student sees it, with their application, what is missing, and their record for the review. */
export const getJobPage = (id: string) => api.call(applicationsApi.jobPage, { params: { id } });

/** Every job page starts with this key: Apply and Withdraw refresh them all. */
export const jobPagesQueryKey = ['jobs', 'page'] as const;

export const getJobPageQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...jobPagesQueryKey, id], queryFn: () => getJobPage(id) });

export const useJobPage = (id: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getJobPageQueryOptions(id), enabled });
