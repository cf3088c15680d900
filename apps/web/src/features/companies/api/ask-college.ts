import { companiesApi } from '@portal/contracts/api/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getCompanyCollegesQueryOptions } from './get-company-colleges.ts';

/** Asks a college to let the company recruit there; resolves to the server's message. */
export const askCollege = (collegeId: number) => api.call(companiesApi.askCollege, { params: { collegeId } });

export function useAskCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askCollege,
    onSettled: () => queryClient.invalidateQueries(getCompanyCollegesQueryOptions()),
  });
}
