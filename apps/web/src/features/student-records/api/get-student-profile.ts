import { studentRecordsApi } from '@portal/contracts/api/student-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A student as a company sees them. */
export const getStudentProfile = (id: string) =>
  api.call(studentRecordsApi.companyProfile, { params: { id } });

export const getStudentProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['company', 'students', 'profile', id], queryFn: () => getStudentProfile(id) });

export const useStudentProfile = (id: string) => useQuery(getStudentProfileQueryOptions(id));
