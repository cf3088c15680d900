import type { CollegeSettings } from '@portal/contracts/academic-records';
import { academicRecordsApi } from '@portal/contracts/api/academic-records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getCollegeSettingsQueryOptions } from './get-college-settings.ts';

/** Saves the placement cell's settings; resolves to the settings as stored. */
export const updateCollegeSettings = (body: CollegeSettings) =>
  api.call(academicRecordsApi.saveSettings, { body });

export function useUpdateCollegeSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = getCollegeSettingsQueryOptions();
  return useMutation({
    mutationFn: updateCollegeSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
    // After a refusal, show what the server holds rather than what this page assumed.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
