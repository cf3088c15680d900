import { companiesApi } from '@portal/contracts/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getCompanyProfile = () => api.call(companiesApi.profile);

/** How often a company awaiting approval asks again, so the placement cell's decision shows by itself. */
export const APPROVAL_RECHECK_MS = 60_000;

export const getCompanyProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['companies', 'me'],
    queryFn: getCompanyProfile,
    refetchInterval: (query) => (query.state.data?.role === 'Pending' ? APPROVAL_RECHECK_MS : false),
  });

export const useCompanyProfile = () => useQuery(getCompanyProfileQueryOptions());
