import { eventsApi } from '@portal/contracts/api/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A drive day's coordinator at the door: today's events of the companies they coordinate, and their scans. */
export const coordinatorEventsKey = ['coordinator', 'events'] as const;

export const getCoordinatorEventsQueryOptions = () =>
  queryOptions({ queryKey: coordinatorEventsKey, queryFn: () => api.call(eventsApi.coordinator.list) });
export const useCoordinatorEvents = () => useQuery(getCoordinatorEventsQueryOptions());

export function useCoordinatorScan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(eventsApi.coordinator.scan, { params: { id }, body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coordinatorEventsKey }),
  });
}
