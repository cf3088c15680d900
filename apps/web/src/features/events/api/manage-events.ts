import { eventsApi } from '@portal/contracts/api/events';
import type { CreateEventBody, UpdateEventBody } from '@portal/contracts/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/*
 * Staff's and a company's event calls: the same endpoints on each side (staff for the college, a
 * company for its own events). Every write refreshes the side's events.
 */
export type EventSide = 'staff' | 'company';

export const manageEventsKey = (side: EventSide) => [side, 'events'] as const;

export const getManagedEventsQueryOptions = (side: EventSide) =>
  queryOptions({
    queryKey: [...manageEventsKey(side), 'list'],
    queryFn: () => api.call(eventsApi[side].list),
  });
export const useManagedEvents = (side: EventSide) => useQuery(getManagedEventsQueryOptions(side));

export const getManagedEventQueryOptions = (side: EventSide, id: string) =>
  queryOptions({
    queryKey: [...manageEventsKey(side), 'event', id],
    queryFn: () => api.call(eventsApi[side].get, { params: { id } }),
  });
export const useManagedEvent = (side: EventSide, id: string) =>
  useQuery(getManagedEventQueryOptions(side, id));

export function useCreateEvent(side: EventSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => api.call(eventsApi[side].create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageEventsKey(side) }),
  });
}

/**
 * Moves the event to another time or place; resolves to the event as it now is. `onSuccess` is the
 * mutation's own, not `mutate`'s: the form is remounted with the saved event, and cancelling hides
 * its button, before a callback given to `mutate` would run (the refetch is awaited first), which
 * would drop the confirmation.
 */
export function useUpdateEvent(side: EventSide, id: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventBody) => api.call(eventsApi[side].update, { params: { id }, body }),
    ...(onSuccess && { onSuccess }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageEventsKey(side) }),
  });
}

/** Cancels the event; resolves to the server's message (`onSuccess`: as `useUpdateEvent`'s). */
export function useCancelEvent(
  side: EventSide,
  id: string,
  { onSuccess }: { onSuccess?: (message: string) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(eventsApi[side].cancelEvent, { params: { id } }),
    ...(onSuccess && { onSuccess }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageEventsKey(side) }),
  });
}

export function useScanCode(side: EventSide, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(eventsApi[side].scan, { params: { id }, body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageEventsKey(side) }),
  });
}

/** The link that downloads the registrations and attendance as CSV. */
export const attendanceCsvHref = (side: EventSide, id: string) =>
  api.href(eventsApi[side].csv, { params: { id } });

/** The college's open jobs, for staff to make an event for one (a company passes its own jobs). */
export const getEventJobsQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'events', 'jobs'], queryFn: () => api.call(eventsApi.staff.jobs) });
export const useEventJobs = (enabled: boolean) => useQuery({ ...getEventJobsQueryOptions(), enabled });
