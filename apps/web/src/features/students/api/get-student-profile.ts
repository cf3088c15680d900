import type { StudentRecord } from '@portal/contracts/students';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The signed-in student's own record (the server reads it too, see app/render-pages.tsx). */
export const studentProfilePath = '/api/student/getUserData';

export const getStudentProfile = () => api.get<StudentRecord>(studentProfilePath);

export const getStudentProfileQueryOptions = () =>
  queryOptions({ queryKey: ['students', 'me'], queryFn: getStudentProfile });

export const useStudentProfile = () => useQuery(getStudentProfileQueryOptions());
