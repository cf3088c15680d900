import type { Stage } from '@portal/contracts/applications';
import type { ApplicantPage } from '@portal/contracts/pipeline';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** Applicants a page of the table holds. */
export const APPLICANTS_PAGE_SIZE = 20;

export type ApplicantFilter = { jobId: string; stage: Stage | ''; page: number };

export const getApplicants = ({ jobId, stage, page }: ApplicantFilter) => {
  const query = new URLSearchParams();
  if (jobId) query.set('jobId', jobId);
  if (stage) query.set('stage', stage);
  query.set('page', String(page));
  query.set('pageSize', String(APPLICANTS_PAGE_SIZE));
  return api.get<ApplicantPage>(`/api/company/applicants?${query.toString()}`);
};

export const getApplicantsQueryOptions = (filter: ApplicantFilter) =>
  queryOptions({
    queryKey: [...hiringQueryKey, 'applicants', filter],
    queryFn: () => getApplicants(filter),
    placeholderData: keepPreviousData,
  });

export const useApplicants = (filter: ApplicantFilter) => useQuery(getApplicantsQueryOptions(filter));

/** Where a job's applicants download as CSV (a plain link: the browser saves the file). */
export const applicantsCsvHref = (jobId: string) =>
  `/api/company/jobs/${encodeURIComponent(jobId)}/applicants.csv`;
