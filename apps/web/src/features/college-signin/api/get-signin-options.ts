import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import type { Role } from '@portal/contracts/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getSigninOptions = (role: Role) => api.call(collegeSigninApi.options, { query: { role } });

export const getSigninOptionsQueryOptions = (role: Role) =>
  queryOptions({ queryKey: ['signin-options', role], queryFn: () => getSigninOptions(role) });

/** The college's sign-in buttons for the role's sign-in page, and whether it offers passwords. */
export const useSigninOptions = (role: Role) => useQuery(getSigninOptionsQueryOptions(role));
