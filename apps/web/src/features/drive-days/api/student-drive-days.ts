import { driveDaysApi } from '@portal/contracts/api/drive-days';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A student's drive-day calls: their days, ranking and bookings. */
export const studentDriveDaysKey = ['student', 'driveDays'] as const;

export const getStudentDriveDaysQueryOptions = () =>
  queryOptions({ queryKey: studentDriveDaysKey, queryFn: () => api.call(driveDaysApi.student.list) });
export const useStudentDriveDays = () => useQuery(getStudentDriveDaysQueryOptions());

function useStudentWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentDriveDaysKey }),
  });
}

export const useSaveRanking = () =>
  useStudentWrite(({ id, applicationIds }: { id: string; applicationIds: string[] }) =>
    api.call(driveDaysApi.student.rank, { params: { id }, body: { applicationIds } }),
  );
export const useBookSlot = () =>
  useStudentWrite(({ id, panelId, slot }: { id: string; panelId: string; slot: number }) =>
    api.call(driveDaysApi.student.book, { params: { id }, body: { panelId, slot } }),
  );

/** The link that downloads one interview as a calendar file. */
export const inviteHref = (id: string) => api.href(driveDaysApi.student.invite, { params: { id } });
