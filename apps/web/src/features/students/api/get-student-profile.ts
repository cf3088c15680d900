import type { StudentRecord } from '@portal/contracts/students';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getStudentProfile = () => api.get<StudentRecord>('/api/student/getUserData');

export const getStudentProfileQueryOptions = () =>
  queryOptions({ queryKey: ['students', 'me'], queryFn: getStudentProfile });

export const useStudentProfile = () => useQuery(getStudentProfileQueryOptions());
