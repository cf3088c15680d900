import { emailSettingsApi } from '@portal/contracts/api/email-settings';
import type { StudentEmailSettings } from '@portal/contracts/email-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentEmailSettingsQueryOptions } from './get-student-email-settings.ts';

/** Saves every setting at once; resolves to the settings as stored. */
export const updateStudentEmailSettings = (body: StudentEmailSettings) =>
  api.call(emailSettingsApi.student.set, { body });

export function useUpdateStudentEmailSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = getStudentEmailSettingsQueryOptions();
  return useMutation({
    mutationFn: updateStudentEmailSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
    // After a refusal, show what the server holds rather than what this page assumed.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
