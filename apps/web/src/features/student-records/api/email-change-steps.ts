import { emailChangeApi } from '@portal/contracts/api/email-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { studentsQueryKey } from './get-students.ts';

/** Records that the student cannot reach the current address: a second staff member must approve. */
export const markLostAddress = (changeId: string) =>
  api.call(emailChangeApi['college-staff'].lostAddress, { params: { id: changeId } });

/** Approves, as the second staff member, a change for a student who lost the current address. */
export const secondApproveEmailChange = (changeId: string) =>
  api.call(emailChangeApi['college-staff'].secondApproval, { params: { id: changeId } });

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
