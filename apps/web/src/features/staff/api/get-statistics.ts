import type { PlacementStatistics } from '@portal/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getStatistics = () => api.get<PlacementStatistics>('/api/college-staff/statistics');

export const getStatisticsQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'statistics'], queryFn: getStatistics });

export const useStatistics = () => useQuery(getStatisticsQueryOptions());
