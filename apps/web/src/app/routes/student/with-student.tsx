import type { StudentRecord } from '@portal/contracts/students';
import type { ReactNode } from 'react';
import { useStudentProfile } from '../../../features/students/api/get-student-profile.ts';

/** The student's record; the layout renders pages only once it has loaded. */
export function WithStudent({ children }: { children: (student: StudentRecord) => ReactNode }) {
  const { data } = useStudentProfile();
  return data ? children(data) : null;
}
