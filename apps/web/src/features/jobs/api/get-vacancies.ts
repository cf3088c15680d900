import { jobsApi } from '@portal/contracts/api/jobs';
import type { JobType, VacancySort, WorkMode } from '@portal/contracts/jobs';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Jobs a "Load more" adds. */
export const VACANCIES_PAGE_SIZE = 20;

/** The vacancy list's filters, as the page keeps them in its URL ('' for a filter not set). */
export type VacancyFilters = {
  search: string;
  eligibleOnly: boolean;
  sort: VacancySort;
  type: JobType | '';
  workMode: WorkMode | '';
  company: string;
  location: string;
  /** The lowest package in LPA, as typed; '' or anything not a number asks for no bound. */
  minPackage: string;
};

/** A typed lowest package the server can take, or none. */
const packageBound = (text: string) => {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1000 ? undefined : value;
};

/** The call for one page of the list with these filters (the server reads it too, see app/render-pages.tsx). */
const vacanciesInput = (f: VacancyFilters, page: number) => ({
  query: {
    search: f.search.trim(),
    eligibleOnly: f.eligibleOnly,
    sort: f.sort,
    ...(f.type ? { type: f.type } : {}),
    ...(f.workMode ? { workMode: f.workMode } : {}),
    ...(f.company.trim() ? { company: f.company.trim() } : {}),
    ...(f.location.trim() ? { location: f.location.trim() } : {}),
    ...(packageBound(f.minPackage) !== undefined ? { minPackage: packageBound(f.minPackage) } : {}),
    page,
    pageSize: VACANCIES_PAGE_SIZE,
  },
});

/** The URL of one page of the list with these filters. */
export const vacanciesPath = (filters: VacancyFilters, page: number) =>
  api.href(jobsApi.vacancies, vacanciesInput(filters, page));

/** One page of the open jobs, each with its company, tier, Applied, and why the student may not apply. */
export const getVacancies = (filters: VacancyFilters, page: number) =>
  api.call(jobsApi.vacancies, vacanciesInput(filters, page));

/** Every vacancy list starts with this key: invalidating it refreshes each one (after Apply). */
export const vacanciesQueryKey = ['jobs', 'vacancies'] as const;

export const getVacanciesQueryOptions = (filters: VacancyFilters) =>
  infiniteQueryOptions({
    queryKey: [...vacanciesQueryKey, filters],
    queryFn: ({ pageParam }) => getVacancies(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) =>
      page * VACANCIES_PAGE_SIZE < last.total ? page + 1 : undefined,
    // The list stays on screen while another filter's first page loads, instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const useVacancies = (filters: VacancyFilters) => useInfiniteQuery(getVacanciesQueryOptions(filters));
