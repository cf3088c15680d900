import type { CompanyStatus } from '@portal/contracts/common';
import type { CompanySummary } from '@portal/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every company (those awaiting approval first), or only those of one status. */
export const getCompanies = (status?: CompanyStatus) =>
  api.get<CompanySummary[]>(
    `/api/college-staff/companies${status ? `?${new URLSearchParams({ status }).toString()}` : ''}`,
  );

/** Company queries share this prefix, so a status change refreshes the lists and every details page. */
export const companiesQueryKey = ['staff', 'companies'] as const;

export const getCompaniesQueryOptions = (status?: CompanyStatus) =>
  queryOptions({
    queryKey: [...companiesQueryKey, 'list', status ?? 'all'],
    queryFn: () => getCompanies(status),
  });

export const useCompanies = (status?: CompanyStatus) => useQuery(getCompaniesQueryOptions(status));
