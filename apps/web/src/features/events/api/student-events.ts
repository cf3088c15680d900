import { eventsApi } from '@portal/contracts/api/events';
import { codeLifetimeMs } from '@portal/contracts/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A student's event calls: the events open to them, registering, cancelling and the attendance code. */
export const studentEventsKey = ['student', 'events'] as const;

export const getStudentEventsQueryOptions = () =>
  queryOptions({ queryKey: studentEventsKey, queryFn: () => api.call(eventsApi.student.list) });
export const useStudentEvents = () => useQuery(getStudentEventsQueryOptions());

function useStudentWrite(call: (id: string) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentEventsKey }),
  });
}
export const useRegister = () =>
  useStudentWrite((id) => api.call(eventsApi.student.register, { params: { id } }));
export const useCancelRegistration = () =>
  useStudentWrite((id) => api.call(eventsApi.student.cancel, { params: { id } }));

/**
 * The attendance code, signed anew by the server as often as a code lasts: the QR on the phone
 * changes every 30 seconds, so a screenshot of it expires.
 */
export const getAttendanceCodeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...studentEventsKey, 'code', id],
    queryFn: () => api.call(eventsApi.student.code, { params: { id } }),
    refetchInterval: codeLifetimeMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
  });
export const useAttendanceCode = (id: string) => useQuery(getAttendanceCodeQueryOptions(id));

/** The link that downloads the event as a calendar file. */
export const eventInviteHref = (id: string) => api.href(eventsApi.student.invite, { params: { id } });
