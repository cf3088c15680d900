import { statisticsApi } from '@portal/contracts/api/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/shared-query-keys.ts';

export const getStatistics = () => api.call(statisticsApi.placement);

export const getStatisticsQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.staffStatistics, queryFn: getStatistics });

export const useStatistics = () => useQuery(getStatisticsQueryOptions());
