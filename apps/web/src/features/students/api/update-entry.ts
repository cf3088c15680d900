import { studentsApi } from '@portal/contracts/api/students';
import type { InternshipInput, ProjectInput, StudentRecord } from '@portal/contracts/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

/** The two kinds of entry a student lists, by their path segment, with what each holds. */
export type EntryInputs = { internships: InternshipInput; projects: ProjectInput };
export type EntryKind = keyof EntryInputs;

/** Each kind's edit, by its own endpoint. */
const saveEntry: { [K in EntryKind]: (id: string, value: EntryInputs[K]) => Promise<StudentRecord> } = {
  internships: (id, value) => api.call(studentsApi.updateInternship, { params: { id }, body: value }),
  projects: (id, value) => api.call(studentsApi.updateProject, { params: { id }, body: value }),
};

/** Saves an edited internship or project; resolves to the updated record. */
export const updateEntry = <K extends EntryKind>({
  kind,
  id,
  value,
}: {
  kind: K;
  id: string;
  value: EntryInputs[K];
}) => saveEntry[kind](id, value);

export function useUpdateEntry<K extends EntryKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: EntryInputs[K] }) => updateEntry({ kind, id, value }),
    onSuccess: (record) => queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, record),
  });
}
