import type { AccountStatus } from '@portal/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companiesQueryKey } from './get-companies.ts';

type CompanyStatusChange = { id: string; role: Extract<AccountStatus, 'Allowed' | 'Suspended'> };

/** Suspends a company or allows it again; resolves to the server's confirmation. */
export const updateCompanyStatus = ({ id, role }: CompanyStatusChange) =>
  api.put<string>(`/api/college-staff/companies/${encodeURIComponent(id)}/status`, { role });

export function useUpdateCompanyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
