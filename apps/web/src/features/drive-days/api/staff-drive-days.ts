import { driveDaysApi } from '@portal/contracts/api/drive-days';
import type { DayChangeBody, DeclareDriveDayBody } from '@portal/contracts/drive-days';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/*
 * Staff's drive-day calls. One file for the staff page's reads and writes: every write refreshes
 * the days under `staffDriveDaysKey`.
 */
export const staffDriveDaysKey = ['staff', 'driveDays'] as const;

export const getStaffDriveDaysQueryOptions = () =>
  queryOptions({
    queryKey: [...staffDriveDaysKey, 'list'],
    queryFn: () => api.call(driveDaysApi.staff.list),
  });
export const useStaffDriveDays = () => useQuery(getStaffDriveDaysQueryOptions());

export const getStaffDriveDayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...staffDriveDaysKey, 'day', id],
    queryFn: () => api.call(driveDaysApi.staff.get, { params: { id } }),
  });
export const useStaffDriveDay = (id: string) => useQuery(getStaffDriveDayQueryOptions(id));

function useStaffWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffDriveDaysKey }),
  });
}

export const useDeclareDriveDay = () =>
  useStaffWrite((body: DeclareDriveDayBody) => api.call(driveDaysApi.staff.declare, { body }));
export const useRunAllotment = () =>
  useStaffWrite((id: string) => api.call(driveDaysApi.staff.allot, { params: { id } }));
export const usePublishDriveDay = () =>
  useStaffWrite((id: string) => api.call(driveDaysApi.staff.publish, { params: { id } }));
export const useDayChange = () =>
  useStaffWrite(({ id, body }: { id: string; body: DayChangeBody }) =>
    api.call(driveDaysApi.staff.change, { params: { id }, body }),
  );
export const useStaffNoShow = () =>
  useStaffWrite(({ id, itemId, reason }: { id: string; itemId: string; reason: string }) =>
    api.call(driveDaysApi.staff.markNoShow, { params: { id, itemId }, body: { reason } }),
  );
export const useWaiveNoShow = () =>
  useStaffWrite(({ id, reason }: { id: string; reason: string }) =>
    api.call(driveDaysApi.staff.waive, { params: { id }, body: { reason } }),
  );
