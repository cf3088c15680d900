import { studentsApi } from '@portal/contracts/api/students';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The signed-in student's own record (the server reads it too, see app/render-pages.tsx). */
export const studentProfilePath = api.href(studentsApi.profile);

export const getStudentProfile = () => api.call(studentsApi.profile);

export const getStudentProfileQueryOptions = () =>
  queryOptions({ queryKey: ['students', 'me'], queryFn: getStudentProfile });

export const useStudentProfile = () => useQuery(getStudentProfileQueryOptions());
