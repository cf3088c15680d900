import type { CompanyRecord } from '@portal/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getCompanyProfile = () => api.get<CompanyRecord>('/api/company/getCompanyData');

export const getCompanyProfileQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'me'], queryFn: getCompanyProfile });

export const useCompanyProfile = () => useQuery(getCompanyProfileQueryOptions());
