import type { CompanySummary } from '@portal/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getCompanies = () => api.get<CompanySummary[]>('/api/college-staff/companies');

/** Company queries share this prefix, so a status change refreshes the list and every details page. */
export const companiesQueryKey = ['staff', 'companies'] as const;

export const getCompaniesQueryOptions = () =>
  queryOptions({ queryKey: [...companiesQueryKey, 'list'], queryFn: getCompanies });

export const useCompanies = () => useQuery(getCompaniesQueryOptions());
