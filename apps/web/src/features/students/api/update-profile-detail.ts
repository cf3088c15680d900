import { studentsApi } from '@portal/contracts/api/students';
import type { StudentRecord, UpdateProfileDetail } from '@portal/contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

/**
 * What a save leads to: the updated record or, for a change to academic details the placement
 * cell has verified, the message that the change was sent to them for approval.
 */
export type ProfileUpdateOutcome = StudentRecord | string;

/** True when the save was held for the placement cell's approval (the record did not change). */
export const sentForApproval = (outcome: ProfileUpdateOutcome): outcome is string =>
  typeof outcome === 'string';

/**
 * Saves one section of the own record (personal or educational details), or adds one internship
 * or project.
 */
export const updateProfileDetail = (body: UpdateProfileDetail) =>
  api.call(studentsApi.updateProfileDetail, { body });

/**
 * A record reply replaces the cache at once (so the sidebar reading it updates); a change sent for
 * approval leaves the record as it was but adds the waiting change to it, so it is fetched again.
 */
export function useUpdateProfileDetail() {
  const queryClient = useQueryClient();
  const { queryKey } = getStudentProfileQueryOptions();
  return useMutation({
    mutationFn: updateProfileDetail,
    onSuccess: (outcome) =>
      sentForApproval(outcome)
        ? queryClient.invalidateQueries({ queryKey })
        : queryClient.setQueryData(queryKey, outcome),
  });
}
