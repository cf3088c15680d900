import { studentRecordsApi } from '@portal/contracts/api/student-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { studentsQueryKey } from './get-students.ts';

export const getStudentDetails = (id: string) => api.call(studentRecordsApi.details, { params: { id } });

export const getStudentDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...studentsQueryKey('college-staff'), 'details', id],
    queryFn: () => getStudentDetails(id),
  });

export const useStudentDetails = (id: string) => useQuery(getStudentDetailsQueryOptions(id));
