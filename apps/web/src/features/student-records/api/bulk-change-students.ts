import { studentRecordsApi } from '@portal/contracts/api/student-records';
import type { StudentBulkBody } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { studentsQueryKey } from './get-students.ts';

/** Verifies many students, or gives them one status; resolves to each row's outcome. */
export const bulkChangeStudents = (body: StudentBulkBody) => api.call(studentRecordsApi.bulk, { body });

export function useBulkChangeStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeStudents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey('college-staff') }),
  });
}
