import type { ApplicantDetails } from '@portal/contracts/pipeline';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

export const getApplicantDetails = (id: string) =>
  api.get<ApplicantDetails>(`/api/company/applicantDetails/${encodeURIComponent(id)}`);

export const getApplicantDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...hiringQueryKey, 'applicant', id], queryFn: () => getApplicantDetails(id) });

export const useApplicantDetails = (id: string) => useQuery(getApplicantDetailsQueryOptions(id));
