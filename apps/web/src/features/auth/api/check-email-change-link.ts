import { emailChangeApi } from '@portal/contracts/api/email-change';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the link sent to the student's current address is about; rejects with the reason it cannot be used. */
export const checkEmailChangeLink = (token: string) =>
  api.call(emailChangeApi.student.checkLink, { body: { token } });

/** Asked afresh on every visit and never kept: the change may have moved on since. */
export const checkEmailChangeLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'email-change-link', token],
    queryFn: () => checkEmailChangeLink(token),
    staleTime: 0,
    gcTime: 0,
  });

export const useCheckEmailChangeLink = (token: string) => useQuery(checkEmailChangeLinkQueryOptions(token));
