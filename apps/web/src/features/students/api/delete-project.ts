import type { StudentRecord } from '@portal/contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

export const deleteProject = (id: string) =>
  api.delete<StudentRecord>(`/api/student/projects/${encodeURIComponent(id)}`);

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (record) => queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, record),
  });
}
