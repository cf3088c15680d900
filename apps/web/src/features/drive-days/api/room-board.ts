import { driveDaysApi } from '@portal/contracts/api/drive-days';
import type { BoardActionBody, CoordinatorBody } from '@portal/contracts/drive-days';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffDriveDaysKey } from './staff-drive-days.ts';

/*
 * The room board and the coordinators. Each viewer reads the board through their own endpoint
 * (staff, a company, a coordinator); every tap refreshes the boards under `roomBoardKey`, and the
 * `board` live event does the same for everyone else looking at it.
 */
export const roomBoardKey = ['roomBoard'] as const;

/** Who is looking at the board: it decides the endpoint and what the board offers. */
export type BoardViewer = 'college-staff' | 'company' | 'coordinator';

const endpoints = {
  'college-staff': { board: driveDaysApi.staff.board, act: driveDaysApi.staff.boardAction },
  company: { board: driveDaysApi.company.board, act: driveDaysApi.company.boardAction },
  coordinator: { board: driveDaysApi.coordinator.board, act: driveDaysApi.coordinator.boardAction },
} as const;

export const getRoomBoardQueryOptions = (viewer: BoardViewer, id: string) =>
  queryOptions({
    queryKey: [...roomBoardKey, viewer, id],
    queryFn: () => api.call(endpoints[viewer].board, { params: { id } }),
  });
export const useRoomBoard = (viewer: BoardViewer, id: string) =>
  useQuery(getRoomBoardQueryOptions(viewer, id));

export const useBoardTap = (viewer: BoardViewer) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, itemId, body }: { id: string; itemId: string; body: BoardActionBody }) =>
      api.call(endpoints[viewer].act, { params: { id, itemId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomBoardKey }),
  });
};

export const useCoordinatorNoShow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, itemId, reason }: { id: string; itemId: string; reason: string }) =>
      api.call(driveDaysApi.coordinator.markNoShow, { params: { id, itemId }, body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomBoardKey }),
  });
};

/** The days the signed-in student or staff member coordinates, from today on. */
export const coordinatorAssignmentsKey = ['coordinator', 'assignments'] as const;
export const getCoordinatorAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: coordinatorAssignmentsKey,
    queryFn: () => api.call(driveDaysApi.coordinator.assignments),
  });
export const useCoordinatorAssignments = () => useQuery(getCoordinatorAssignmentsQueryOptions());

export const getCoordinatorsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...staffDriveDaysKey, 'coordinators', id],
    queryFn: () => api.call(driveDaysApi.staff.coordinators, { params: { id } }),
  });
export const useCoordinators = (id: string) => useQuery(getCoordinatorsQueryOptions(id));

function useCoordinatorWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffDriveDaysKey }),
  });
}
export const useAddCoordinator = () =>
  useCoordinatorWrite(({ id, body }: { id: string; body: CoordinatorBody }) =>
    api.call(driveDaysApi.staff.addCoordinator, { params: { id }, body }),
  );
export const useRemoveCoordinator = () =>
  useCoordinatorWrite(({ id, itemId }: { id: string; itemId: string }) =>
    api.call(driveDaysApi.staff.removeCoordinator, { params: { id, itemId } }),
  );
