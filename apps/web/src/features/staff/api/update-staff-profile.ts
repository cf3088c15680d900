import { staffApi } from '@portal/contracts/api/staff';
import type { StaffProfileUpdate } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStaffProfileQueryOptions } from './get-staff-profile.ts';

/** Saves the staff member's own details; resolves to the updated record. */
export const updateStaffProfile = (body: StaffProfileUpdate) => api.call(staffApi.updateProfile, { body });

/** The reply is the whole record, so the cache (and the sidebar and top bar reading it) updates at once. */
export function useUpdateStaffProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffProfile,
    onSuccess: (record) => queryClient.setQueryData(getStaffProfileQueryOptions().queryKey, record),
  });
}
