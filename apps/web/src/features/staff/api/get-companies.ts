import { companiesApi } from '@portal/contracts/api/companies';
import type { CompanyStatus } from '@portal/contracts/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Companies a page of the list holds. */
export const COMPANIES_PAGE_SIZE = 20;

export type CompanyFilters = { status?: CompanyStatus | undefined; page?: number };

/** One page of the companies (those awaiting approval first), or of those of one status. */
export const getCompanies = ({ status, page = 1 }: CompanyFilters = {}) =>
  api.call(companiesApi.list, { query: { status, page, pageSize: COMPANIES_PAGE_SIZE } });

/** Company queries share this prefix, so a status change refreshes the lists and every details page. */
export const companiesQueryKey = ['staff', 'companies'] as const;

export const getCompaniesQueryOptions = ({ status, page = 1 }: CompanyFilters = {}) =>
  queryOptions({
    queryKey: [...companiesQueryKey, 'list', status ?? 'all', page],
    queryFn: () => getCompanies({ status, page }),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (filters: CompanyFilters = {}) => useQuery(getCompaniesQueryOptions(filters));
