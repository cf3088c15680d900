import type { CalendarFeedState } from '@portal/contracts/calendar';
import type { Role } from '@portal/contracts/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Each role manages its own feed link at /api/<role>/calendarFeed. */
export const calendarFeedUrl = (role: Role) => `/api/${role}/calendarFeed`;

/** Whether the signed-in account has a calendar feed link, and since when. */
export const getCalendarFeed = (role: Role) => api.get<CalendarFeedState>(calendarFeedUrl(role));

export const getCalendarFeedQueryOptions = (role: Role) =>
  queryOptions({ queryKey: ['calendar-feed', role], queryFn: () => getCalendarFeed(role) });

export const useCalendarFeed = (role: Role) => useQuery(getCalendarFeedQueryOptions(role));
