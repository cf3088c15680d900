import type { ProjectInput, StudentRecord } from '@portal/contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

export const updateProject = ({ id, value }: { id: string; value: ProjectInput }) =>
  api.put<StudentRecord>(`/api/student/projects/${encodeURIComponent(id)}`, value);

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (record) => queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, record),
  });
}
