import type { ErasureStatus } from '@portal/contracts/own-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getErasureStatus = (studentId: string) =>
  api.get<ErasureStatus>(`/api/college-staff/students/${encodeURIComponent(studentId)}/erasure`);

export const getErasureStatusQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: ['staff', 'erasure', studentId],
    queryFn: () => getErasureStatus(studentId),
  });

export const useErasureStatus = (studentId: string) => useQuery(getErasureStatusQueryOptions(studentId));
