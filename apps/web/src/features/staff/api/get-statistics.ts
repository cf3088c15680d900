import type { PlacementStatistics } from '@portal/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/shared-query-keys.ts';

export const getStatistics = () => api.get<PlacementStatistics>('/api/college-staff/statistics');

export const getStatisticsQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.staffStatistics, queryFn: getStatistics });

export const useStatistics = () => useQuery(getStatisticsQueryOptions());
