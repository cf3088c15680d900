import { universityApi } from '@portal/contracts/api/university';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every college's placement statistics side by side (the university's placement director). */
export const getUniversityStatistics = () => api.call(universityApi.statistics);

export const getUniversityStatisticsQueryOptions = () =>
  queryOptions({ queryKey: ['university', 'statistics'], queryFn: getUniversityStatistics });

export const useUniversityStatistics = () => useQuery(getUniversityStatisticsQueryOptions());
