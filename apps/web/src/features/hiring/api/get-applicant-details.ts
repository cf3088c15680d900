import { pipelineApi } from '@portal/contracts/api/pipeline';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

export const getApplicantDetails = (id: string) => api.call(pipelineApi.details, { params: { id } });

export const getApplicantDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...hiringQueryKey, 'applicant', id], queryFn: () => getApplicantDetails(id) });

export const useApplicantDetails = (id: string) => useQuery(getApplicantDetailsQueryOptions(id));
