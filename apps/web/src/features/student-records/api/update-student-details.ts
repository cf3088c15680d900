import { studentRecordsApi } from '@portal/contracts/api/student-records';
import type { UpdateStudentDetails } from '@portal/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedQueryKeys } from '../../../lib/shared-query-keys.ts';
import { studentsQueryKey } from './get-students.ts';

/** Resolves to the server's confirmation ("Student details updated successfully."). */
export const updateStudentDetails = (body: UpdateStudentDetails) =>
  api.call(studentRecordsApi.update, { body });

/** After a save the record (new version, new audit entries) and the list are fetched again. */
export function useUpdateStudentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentDetails,
    // Not awaited: the caller's own success toast comes first, then the newer record replaces the form.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: studentsQueryKey('college-staff') });
      // A placement change moves the dashboard's numbers too.
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.staffStatistics });
    },
  });
}
