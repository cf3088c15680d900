import { academicRecordsApi } from '@portal/contracts/api/academic-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getCollegeSettings = () => api.call(academicRecordsApi.settings);

export const getCollegeSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'settings'], queryFn: getCollegeSettings });

export const useCollegeSettings = () => useQuery(getCollegeSettingsQueryOptions());
