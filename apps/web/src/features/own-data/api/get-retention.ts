import type { RetentionSetting } from '@portal/contracts/own-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getRetention = () => api.get<RetentionSetting>('/api/college-staff/retention');

export const getRetentionQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'retention'], queryFn: getRetention });

export const useRetention = () => useQuery(getRetentionQueryOptions());
