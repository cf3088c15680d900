import type { CollegeSettings } from '@portal/contracts/academic-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getCollegeSettings = () => api.get<CollegeSettings>('/api/college-staff/settings');

export const getCollegeSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'settings'], queryFn: getCollegeSettings });

export const useCollegeSettings = () => useQuery(getCollegeSettingsQueryOptions());
