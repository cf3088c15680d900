import type { StudentRecord, UpdateProfileDetail } from '@portal/contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

/**
 * Saves one section of the own record (personal or educational details), or adds one internship
 * or project. Resolves to the updated record.
 */
export const updateProfileDetail = (body: UpdateProfileDetail) =>
  api.put<StudentRecord>('/api/student/updateProfileDetail', body);

/** The reply is the whole record, so the cache (and the sidebar reading it) updates at once. */
export function useUpdateProfileDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileDetail,
    onSuccess: (record) => queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, record),
  });
}
