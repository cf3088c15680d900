import { pipelineApi } from '@portal/contracts/api/pipeline';
import type { Stage } from '@portal/contracts/applications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** Applicants a page of the table holds. */
export const APPLICANTS_PAGE_SIZE = 20;

export type ApplicantFilter = { jobId: string; stage: Stage | ''; page: number };

export const getApplicants = ({ jobId, stage, page }: ApplicantFilter) =>
  api.call(pipelineApi.applicants, {
    query: {
      ...(jobId ? { jobId } : {}),
      ...(stage ? { stage } : {}),
      page,
      pageSize: APPLICANTS_PAGE_SIZE,
    },
  });

export const getApplicantsQueryOptions = (filter: ApplicantFilter) =>
  queryOptions({
    queryKey: [...hiringQueryKey, 'applicants', filter],
    queryFn: () => getApplicants(filter),
    placeholderData: keepPreviousData,
  });

export const useApplicants = (filter: ApplicantFilter) => useQuery(getApplicantsQueryOptions(filter));

/** Where a job's applicants download as CSV (a plain link: the browser saves the file). */
export const applicantsCsvHref = (jobId: string) => api.href(pipelineApi.csv, { params: { id: jobId } });
