import { companiesApi } from '@portal/contracts/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companiesQueryKey } from './get-companies.ts';

export const getCompanyDetails = (id: string) => api.call(companiesApi.details, { params: { id } });

export const getCompanyDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...companiesQueryKey, 'details', id], queryFn: () => getCompanyDetails(id) });

export const useCompanyDetails = (id: string) => useQuery(getCompanyDetailsQueryOptions(id));
