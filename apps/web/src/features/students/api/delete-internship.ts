import type { StudentRecord } from '@portal/contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

export const deleteInternship = (id: string) =>
  api.delete<StudentRecord>(`/api/student/internships/${encodeURIComponent(id)}`);

export function useDeleteInternship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInternship,
    onSuccess: (record) => queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, record),
  });
}
