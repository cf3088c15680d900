import { universityApi } from '@portal/contracts/api/university';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether the signed-in staff member is the university's placement director (the menu asks). */
export const isDirector = () => api.call(universityApi.director).catch(() => false);

export const isDirectorQueryOptions = () =>
  queryOptions({ queryKey: ['university', 'director'], queryFn: isDirector, staleTime: 10 * 60_000 });

export const useIsDirector = () => useQuery(isDirectorQueryOptions());
