import { authApi } from '@portal/contracts/api/auth';
import type { Role } from '@portal/contracts/common';
import { toasts } from '@portal/contracts/messages';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, errorMessage, isApiError } from '../../../lib/api-client.ts';
import { setDisplayTimeZone } from '../../../lib/dates.ts';
import { toastErrorLater } from '../../../lib/toast-error-later.ts';

/** The spec's userType: a role when signed in, `visitor` otherwise. */
export type UserType = Role | 'visitor';

/**
 * GET /api/ names the signed-in role and the deployment's time zone (times are shown in it); 401
 * means nobody is signed in, which is not an error here.
 */
export async function getStatus(): Promise<UserType> {
  try {
    const { message, timeZone } = await api.call(authApi.status);
    setDisplayTimeZone(timeZone);
    return message;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return 'visitor';
    throw error;
  }
}

export const statusQueryKey = ['auth', 'status'] as const;

/**
 * The global auth state. Sign-up, sign-in and sign-out write it with setQueryData, so it never
 * goes stale on its own.
 */
export const getStatusQueryOptions = () =>
  queryOptions({ queryKey: statusQueryKey, queryFn: getStatus, staleTime: Infinity, retry: false });

/** Marks the browser as signed in as `userType` (or signed out, with 'visitor'). */
export const setUserType = (queryClient: QueryClient, userType: UserType) =>
  queryClient.setQueryData(statusQueryKey, userType);

/** The spec silences the generic 400 text; a 401 never gets here (it means visitor). */
const isSilentStatusFailure = (error: unknown) =>
  isApiError(error) && (error.status === 400 || error.message === toasts.genericStatusFailure);

/**
 * The user type for a route loader: the cached status, or one GET /api/. When the check fails the
 * user is treated as a visitor and, unless the failure is the silent kind, told why at top-center.
 */
export async function loadUserType(queryClient: QueryClient): Promise<UserType> {
  try {
    return await queryClient.ensureQueryData(getStatusQueryOptions());
  } catch (error) {
    if (!isSilentStatusFailure(error)) {
      toastErrorLater(errorMessage(error), { position: 'top-center', toastId: 'status-check' });
    }
    return 'visitor';
  }
}
