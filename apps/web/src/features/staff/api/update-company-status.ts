import { companiesApi } from '@portal/contracts/api/companies';
import type { CompanyStatusBody } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companiesQueryKey } from './get-companies.ts';

type CompanyStatusChange = { id: string } & CompanyStatusBody;

/**
 * Approves, rejects, suspends or allows a company, with the reason when one is given; resolves to
 * the server's confirmation.
 */
export const updateCompanyStatus = ({ id, role, reason }: CompanyStatusChange) =>
  api.call(companiesApi.setStatus, { params: { id }, body: reason?.trim() ? { role, reason } : { role } });

export function useUpdateCompanyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
