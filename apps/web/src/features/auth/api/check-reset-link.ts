import { passwordResetApi } from '@portal/contracts/api/password-reset';
import type { Role } from '@portal/contracts/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether an emailed link can still be used; rejects with 400 and the reason when it cannot. */
export const checkResetLink = (role: Role, token: string) =>
  api.call(passwordResetApi[role].checkResetLink, { body: { token } });

/**
 * Asked afresh on every visit and never kept: a link that was valid a minute ago may have been used
 * or replaced since.
 */
export const checkResetLinkQueryOptions = (role: Role, token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', role, token],
    queryFn: () => checkResetLink(role, token),
    staleTime: 0,
    gcTime: 0,
  });

export const useCheckResetLink = (role: Role, token: string) =>
  useQuery(checkResetLinkQueryOptions(role, token));
