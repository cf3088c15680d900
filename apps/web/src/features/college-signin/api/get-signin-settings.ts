import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getSigninSettings = () => api.call(collegeSigninApi.settings);

export const getSigninSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['signin-settings'], queryFn: getSigninSettings });

export const useSigninSettings = () => useQuery(getSigninSettingsQueryOptions());
