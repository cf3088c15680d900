import { emailSettingsApi } from '@portal/contracts/api/email-settings';
import type { CompanyEmailSettings } from '@portal/contracts/email-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getCompanyEmailSettingsQueryOptions } from './get-company-email-settings.ts';

/** Saves every setting at once; resolves to the settings as stored. */
export const updateCompanyEmailSettings = (body: CompanyEmailSettings) =>
  api.call(emailSettingsApi.company.set, { body });

export function useUpdateCompanyEmailSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = getCompanyEmailSettingsQueryOptions();
  return useMutation({
    mutationFn: updateCompanyEmailSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
    // After a refusal, show what the server holds rather than what this page assumed.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
