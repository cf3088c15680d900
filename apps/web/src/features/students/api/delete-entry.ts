import { studentsApi } from '@portal/contracts/api/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';
import type { EntryKind } from './update-entry.ts';

/** Each kind's delete, by its own endpoint. */
const deleteEndpoints = { internships: studentsApi.deleteInternship, projects: studentsApi.deleteProject };

/** Deletes an internship or project; resolves to the updated record. */
export const deleteEntry = ({ kind, id }: { kind: EntryKind; id: string }) =>
  api.call(deleteEndpoints[kind], { params: { id } });

export function useDeleteEntry(kind: EntryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteEntry({ kind, id }),
    onSuccess: (record) => queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, record),
  });
}
