import { companiesApi } from '@portal/contracts/api/companies';
import type { CompanyNameDecisionBody } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companiesQueryKey } from './get-companies.ts';

type CompanyNameDecision = { id: string } & CompanyNameDecisionBody;

/**
 * Approves or rejects the new name a company asked for, naming the one staff saw, with the reason
 * when one is given; resolves to the server's confirmation.
 */
export const decideCompanyName = ({ id, decision, name, reason }: CompanyNameDecision) =>
  api.call(companiesApi.decideName, {
    params: { id },
    body: reason?.trim() ? { decision, name, reason } : { decision, name },
  });

export function useDecideCompanyName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCompanyName,
    // A refusal (the name was replaced or decided meanwhile) also means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
