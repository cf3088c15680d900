import { companiesApi } from '@portal/contracts/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The deployment's colleges with the company's standing at each (null: not asked yet). */
export const getCompanyColleges = () => api.call(companiesApi.colleges);

export const getCompanyCollegesQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'colleges'], queryFn: getCompanyColleges });

export const useCompanyColleges = () => useQuery(getCompanyCollegesQueryOptions());
