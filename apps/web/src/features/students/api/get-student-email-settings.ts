import { emailSettingsApi } from '@portal/contracts/api/email-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Which emails the student receives: stage changes and scheduled interviews. */
export const getStudentEmailSettings = () => api.call(emailSettingsApi.student.get);

export const getStudentEmailSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['students', 'email-settings'], queryFn: getStudentEmailSettings });

export const useStudentEmailSettings = () => useQuery(getStudentEmailSettingsQueryOptions());
