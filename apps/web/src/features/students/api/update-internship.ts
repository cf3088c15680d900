import type { InternshipInput, StudentRecord } from '@portal/contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

export const updateInternship = ({ id, value }: { id: string; value: InternshipInput }) =>
  api.put<StudentRecord>(`/api/student/internships/${encodeURIComponent(id)}`, value);

export function useUpdateInternship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInternship,
    onSuccess: (record) => queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, record),
  });
}
