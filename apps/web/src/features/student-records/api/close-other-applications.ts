import { applicationsApi } from '@portal/contracts/api/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { studentsQueryKey } from './get-students.ts';

/** Closes a placed student's other applications; resolves to the server's count of them. */
export const closeOtherApplications = (studentId: string) =>
  api.call(applicationsApi.closeOthers, { params: { id: studentId } });

/** The record (its applications and audit log) changes: the staff's student queries are fetched again. */
export function useCloseOtherApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeOtherApplications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey('college-staff') }),
  });
}
