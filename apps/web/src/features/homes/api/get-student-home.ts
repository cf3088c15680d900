import { homesApi } from '@portal/contracts/api/homes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { homeQueryKey } from './home-query-key.ts';

export const getStudentHome = () => api.call(homesApi.student);

/** Read afresh on every visit (staleTime 0): the home sums up changes made on every other page. */
export const getStudentHomeQueryOptions = () =>
  queryOptions({ queryKey: homeQueryKey('student'), queryFn: getStudentHome, staleTime: 0 });

export const useStudentHome = () => useQuery(getStudentHomeQueryOptions());
