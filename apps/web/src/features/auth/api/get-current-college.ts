import { collegesApi } from '@portal/contracts/api/colleges';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The college the sign-in and sign-up pages are about (chosen by a `/c/<slug>/` address). Only a
 * label on those pages: when it cannot be read, the page goes on without it.
 */
export const getCurrentCollege = () => api.call(collegesApi.current).catch(() => null);

export const getCurrentCollegeQueryOptions = () =>
  queryOptions({ queryKey: ['colleges', 'current'], queryFn: getCurrentCollege, staleTime: 5 * 60_000 });

export const useCurrentCollege = () => useQuery(getCurrentCollegeQueryOptions());
