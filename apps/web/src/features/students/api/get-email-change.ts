import { emailChangeApi } from '@portal/contracts/api/email-change';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The change of the student's sign-in email the placement cell asked for, or null. */
export const getEmailChange = () => api.call(emailChangeApi.student.pending);

export const getEmailChangeQueryOptions = () =>
  queryOptions({ queryKey: ['students', 'email-change'], queryFn: getEmailChange });

export const useEmailChange = () => useQuery(getEmailChangeQueryOptions());
