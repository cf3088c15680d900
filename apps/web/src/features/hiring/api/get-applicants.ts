import type { Stage } from '@portal/contracts/applications';
import type { ApplicantRow } from '@portal/contracts/pipeline';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

export type ApplicantFilter = { jobId: string; stage: Stage | '' };

export const getApplicants = ({ jobId, stage }: ApplicantFilter) => {
  const query = new URLSearchParams();
  if (jobId) query.set('jobId', jobId);
  if (stage) query.set('stage', stage);
  const search = query.toString();
  return api.get<ApplicantRow[]>(`/api/company/applicants${search ? `?${search}` : ''}`);
};

export const getApplicantsQueryOptions = (filter: ApplicantFilter) =>
  queryOptions({ queryKey: [...hiringQueryKey, 'applicants', filter], queryFn: () => getApplicants(filter) });

export const useApplicants = (filter: ApplicantFilter) => useQuery(getApplicantsQueryOptions(filter));

/** Where a job's applicants download as CSV (a plain link: the browser saves the file). */
export const applicantsCsvHref = (jobId: string) =>
  `/api/company/jobs/${encodeURIComponent(jobId)}/applicants.csv`;
