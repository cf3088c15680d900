import type { VacancyListing } from '@portal/contracts/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The open jobs grouped by company, each saying whether the student applied or may not. */
export const getVacancies = () => api.get<VacancyListing>('/api/student/getJobs');

export const getVacanciesQueryOptions = () =>
  queryOptions({ queryKey: ['jobs', 'vacancies'], queryFn: getVacancies });

export const useVacancies = () => useQuery(getVacanciesQueryOptions());
