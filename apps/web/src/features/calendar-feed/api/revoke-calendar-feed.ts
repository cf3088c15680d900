import { calendarApi } from '@portal/contracts/api/calendar';
import type { Role } from '@portal/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getCalendarFeedQueryOptions } from './get-calendar-feed.ts';

/** Revokes the feed link; resolves to the message to show. */
export const revokeCalendarFeed = (role: Role) => api.call(calendarApi[role].revoke);

export function useRevokeCalendarFeed(role: Role) {
  const queryClient = useQueryClient();
  const { queryKey } = getCalendarFeedQueryOptions(role);
  return useMutation({
    mutationFn: () => revokeCalendarFeed(role),
    onSuccess: () => queryClient.setQueryData(queryKey, { activeSince: null }),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
