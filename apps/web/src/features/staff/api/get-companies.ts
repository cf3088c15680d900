import type { CompanyStatus } from '@portal/contracts/common';
import type { CompanyPage } from '@portal/contracts/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Companies a page of the list holds. */
export const COMPANIES_PAGE_SIZE = 20;

export type CompanyFilters = { status?: CompanyStatus | undefined; page?: number };

/** One page of the companies (those awaiting approval first), or of those of one status. */
export const getCompanies = ({ status, page = 1 }: CompanyFilters = {}) => {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  query.set('page', String(page));
  query.set('pageSize', String(COMPANIES_PAGE_SIZE));
  return api.get<CompanyPage>(`/api/college-staff/companies?${query.toString()}`);
};

/** Company queries share this prefix, so a status change refreshes the lists and every details page. */
export const companiesQueryKey = ['staff', 'companies'] as const;

export const getCompaniesQueryOptions = ({ status, page = 1 }: CompanyFilters = {}) =>
  queryOptions({
    queryKey: [...companiesQueryKey, 'list', status ?? 'all', page],
    queryFn: () => getCompanies({ status, page }),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (filters: CompanyFilters = {}) => useQuery(getCompaniesQueryOptions(filters));
