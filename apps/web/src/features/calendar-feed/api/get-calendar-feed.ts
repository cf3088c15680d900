import { calendarApi } from '@portal/contracts/api/calendar';
import type { Role } from '@portal/contracts/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether the signed-in account has a calendar feed link, and since when. */
export const getCalendarFeed = (role: Role) => api.call(calendarApi[role].state);

export const getCalendarFeedQueryOptions = (role: Role) =>
  queryOptions({ queryKey: ['calendar-feed', role], queryFn: () => getCalendarFeed(role) });

export const useCalendarFeed = (role: Role) => useQuery(getCalendarFeedQueryOptions(role));
