import { ownDataApi } from '@portal/contracts/api/own-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getErasureStatus = (studentId: string) =>
  api.call(ownDataApi.erasureStatus, { params: { id: studentId } });

export const getErasureStatusQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: ['staff', 'erasure', studentId],
    queryFn: () => getErasureStatus(studentId),
  });

export const useErasureStatus = (studentId: string) => useQuery(getErasureStatusQueryOptions(studentId));
