import { ownDataApi } from '@portal/contracts/api/own-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getRetention = () => api.call(ownDataApi.retention);

export const getRetentionQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'retention'], queryFn: getRetention });

export const useRetention = () => useQuery(getRetentionQueryOptions());
