import { homesApi } from '@portal/contracts/api/homes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { homeQueryKey } from './home-query-key.ts';

export const getStaffHome = () => api.call(homesApi.staff);

/** Read afresh on every visit (staleTime 0): the home sums up changes made on every other page. */
export const getStaffHomeQueryOptions = () =>
  queryOptions({ queryKey: homeQueryKey('staff'), queryFn: getStaffHome, staleTime: 0 });

export const useStaffHome = () => useQuery(getStaffHomeQueryOptions());
