import { jobsApi } from '@portal/contracts/api/jobs';
import type { VacancySort } from '@portal/contracts/jobs';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Jobs a "Load more" adds. */
export const VACANCIES_PAGE_SIZE = 20;

/** The vacancy list's filters, as the page keeps them in its URL. */
export type VacancyFilters = { search: string; eligibleOnly: boolean; sort: VacancySort };

/** The call for one page of the list with these filters (the server reads it too, see app/render-pages.tsx). */
const vacanciesInput = ({ search, eligibleOnly, sort }: VacancyFilters, page: number) => ({
  query: { search: search.trim(), eligibleOnly, sort, page, pageSize: VACANCIES_PAGE_SIZE },
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
