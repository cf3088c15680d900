import { staffApi } from '@portal/contracts/api/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getStaffProfile = () => api.call(staffApi.profile);

export const getStaffProfileQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'me'], queryFn: getStaffProfile });

export const useStaffProfile = () => useQuery(getStaffProfileQueryOptions());
