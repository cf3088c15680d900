import { emailSettingsApi } from '@portal/contracts/api/email-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Which emails the company receives: new applicants to its jobs. */
export const getCompanyEmailSettings = () => api.call(emailSettingsApi.company.get);

export const getCompanyEmailSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'email-settings'], queryFn: getCompanyEmailSettings });

export const useCompanyEmailSettings = () => useQuery(getCompanyEmailSettingsQueryOptions());
