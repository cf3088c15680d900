import { pipelineApi } from '@portal/contracts/api/pipeline';
import { stages, type Stage } from '@portal/contracts/applications';
import { type ApplicantFilterValues, type ApplicantSort, applicantSorts } from '@portal/contracts/pipeline';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hiringQueryKey } from './get-own-jobs.ts';

/** Applicants a page of the table holds. */
export const APPLICANTS_PAGE_SIZE = 20;

/** The table's filters, order and page as the URL keeps them: empty text means "any". */
export type ApplicantFilter = {
  jobId: string;
  stage: Stage | '';
  search: string;
  degree: string;
  cgpaMin: string;
  cgpaMax: string;
  verified: '' | 'true' | 'false';
  year: string;
  sort: ApplicantSort;
  order: 'asc' | 'desc';
  page: number;
};

/** Reads the table's state from the URL, ignoring anything the server could not be asked. */
export function applicantFilterOf(params: URLSearchParams): ApplicantFilter {
  const text = (name: string) => params.get(name) ?? '';
  const number = (name: string) => (/^\d+(\.\d+)?$/.test(text(name).trim()) ? text(name).trim() : '');
  const verified = text('verified');
  const sort = text('sort');
  const page = Number(text('page'));
  return {
    jobId: text('jobId'),
    stage: stages.find((s) => s === text('stage')) ?? '',
    search: text('search'),
    degree: text('degree'),
    cgpaMin: number('cgpaMin'),
    cgpaMax: number('cgpaMax'),
    verified: verified === 'true' || verified === 'false' ? verified : '',
    year: /^\d{4}$/.test(text('year')) ? text('year') : '',
    sort: applicantSorts.find((s) => s === sort) ?? 'appliedAt',
    order: text('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The filter as the API takes it (the bulk move's "all matching" too): empty ones left out. */
export const applicantFilterQuery = (f: ApplicantFilter): ApplicantFilterValues => ({
  ...(f.jobId ? { jobId: f.jobId } : {}),
  ...(f.stage ? { stage: f.stage } : {}),
  ...(f.search.trim() ? { search: f.search.trim() } : {}),
  ...(f.degree.trim() ? { degree: f.degree.trim() } : {}),
  ...(f.cgpaMin ? { cgpaMin: Number(f.cgpaMin) } : {}),
  ...(f.cgpaMax ? { cgpaMax: Number(f.cgpaMax) } : {}),
  ...(f.verified ? { verified: f.verified } : {}),
  ...(f.year ? { year: Number(f.year) } : {}),
});

/** The order as the API takes it; the default (newest first) is left out. */
const orderQuery = (f: ApplicantFilter) =>
  f.sort === 'appliedAt' && f.order === 'desc' ? {} : { sort: f.sort, order: f.order };

export const getApplicants = (f: ApplicantFilter) =>
  api.call(pipelineApi.applicants, {
    query: { ...applicantFilterQuery(f), ...orderQuery(f), page: f.page, pageSize: APPLICANTS_PAGE_SIZE },
  });

export const getApplicantsQueryOptions = (filter: ApplicantFilter) =>
  queryOptions({
    queryKey: [...hiringQueryKey, 'applicants', filter],
    queryFn: () => getApplicants(filter),
    placeholderData: keepPreviousData,
  });

export const useApplicants = (filter: ApplicantFilter) => useQuery(getApplicantsQueryOptions(filter));

/** The applicants before and after one in the table's filter and order (the applicant page's links). */
export const getApplicantNeighboursQueryOptions = (id: string, f: ApplicantFilter) =>
  queryOptions({
    queryKey: [...hiringQueryKey, 'neighbours', id, { ...f, page: 1 }],
    queryFn: () =>
      api.call(pipelineApi.neighbours, {
        params: { id },
        query: { ...applicantFilterQuery(f), ...orderQuery(f) },
      }),
  });

export const useApplicantNeighbours = (id: string, f: ApplicantFilter) =>
  useQuery(getApplicantNeighboursQueryOptions(id, f));

/** Where a job's applicants download as CSV (a plain link: the browser saves the file). */
export const applicantsCsvHref = (jobId: string) => api.href(pipelineApi.csv, { params: { id: jobId } });
