import { homesApi } from '@portal/contracts/api/homes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { homeQueryKey } from './home-query-key.ts';

export const getCompanyHome = () => api.call(homesApi.company);

/** Read afresh on every visit (staleTime 0): the home sums up changes made on every other page. */
export const getCompanyHomeQueryOptions = () =>
  queryOptions({ queryKey: homeQueryKey('company'), queryFn: getCompanyHome, staleTime: 0 });

export const useCompanyHome = () => useQuery(getCompanyHomeQueryOptions());
