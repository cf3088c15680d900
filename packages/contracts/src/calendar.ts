import { z } from 'zod';

/**
 * A private calendar feed: GET /api/calendar/<token>.ics serves the account's upcoming events as
 * text/calendar, for Google Calendar ("From URL") or Outlook ("Subscribe from web").
 */
export const calendarFeedState = z.object({
  /** When the current link was made, or null when the account has none. */
  activeSince: z.string().nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedState>;

/** The new link, shown once: only its hash is kept. */
export const calendarFeedCreated = z.object({ url: z.string(), activeSince: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** The feed's path parameter: the token (43 base64url characters) and ".ics". */
export const calendarFeedParams = z.object({ file: z.string().max(200) });
