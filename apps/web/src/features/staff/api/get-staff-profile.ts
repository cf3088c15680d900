import type { StaffRecord } from '@portal/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getStaffProfile = () => api.get<StaffRecord>('/api/college-staff/getCollegeStaffData');

export const getStaffProfileQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'me'], queryFn: getStaffProfile });

export const useStaffProfile = () => useQuery(getStaffProfileQueryOptions());
