import { calendarApi } from '@portal/contracts/api/calendar';
import type { Role } from '@portal/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getCalendarFeedQueryOptions } from './get-calendar-feed.ts';

/** Makes a new feed link (the old one stops working); resolves to its URL, shown only now. */
export const createCalendarFeed = (role: Role) => api.call(calendarApi[role].create);

export function useCreateCalendarFeed(role: Role) {
  const queryClient = useQueryClient();
  const { queryKey } = getCalendarFeedQueryOptions(role);
  return useMutation({
    mutationFn: () => createCalendarFeed(role),
    onSuccess: (feed) => queryClient.setQueryData(queryKey, { activeSince: feed.activeSince }),
  });
}
