import { companyFallbacks } from '@portal/contracts/messages';
import { companiesApi } from '@portal/contracts/api/companies';
import type { CompanyProfileUpdate } from '@portal/contracts/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getCompanyProfileQueryOptions } from './get-company-profile.ts';

/** Saves the recruiter's details and the company name; resolves to the updated record. */
export const updateCompanyProfile = (body: CompanyProfileUpdate) =>
  api.call(companiesApi.updateProfile, { body });

export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyProfile,
    meta: { errorFallback: companyFallbacks.updateProfile },
    onSuccess: (record) => queryClient.setQueryData(getCompanyProfileQueryOptions().queryKey, record),
  });
}
