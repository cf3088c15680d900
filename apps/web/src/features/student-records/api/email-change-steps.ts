import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { studentsQueryKey } from './get-students.ts';

const stepUrl = (id: string, step: 'lostAddress' | 'secondApproval') =>
  `/api/college-staff/emailChanges/${encodeURIComponent(id)}/${step}`;

/** Records that the student cannot reach the current address: a second staff member must approve. */
export const markLostAddress = (changeId: string) => api.post<string>(stepUrl(changeId, 'lostAddress'));

/** Approves, as the second staff member, a change for a student who lost the current address. */
export const secondApproveEmailChange = (changeId: string) =>
  api.post<string>(stepUrl(changeId, 'secondApproval'));

/** Either step moves the change on (and adds to the audit log): the record is fetched again. */
function useStep(mutationFn: (changeId: string) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey('college-staff') }),
  });
}

export const useMarkLostAddress = () => useStep(markLostAddress);
export const useSecondApproveEmailChange = () => useStep(secondApproveEmailChange);
