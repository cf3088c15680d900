import { z } from 'zod';

/*
 * The live stream (`GET /api/live`, server-sent events): one per signed-in browser, telling it that
 * something it may be showing changed. An event carries what changed, never the changed data (a
 * notice about a student, for instance, is read through the API that applies who may see it):
 * the browser refetches what the event names.
 */

/**
 * What an event tells of: a notification for the account arrived; an application of theirs (a
 * student's own, or one to a company's job) moved; a drive day's slot or room board changed; an
 * event's registrations or attendance changed (to those who manage it: its college's staff and
 * the company that made it). Other features add a kind here and publish it with `publishLive` on
 * the server.
 */
export const liveEventKinds = ['notification', 'stage', 'slot', 'board', 'event'] as const;
export const liveEventKind = z.enum(liveEventKinds);
export type LiveEventKind = z.infer<typeof liveEventKind>;

/** An event's `data`: a few ids naming what changed (an application, a job, a drive day). */
export const livePayload = z.record(z.string(), z.string());
export type LivePayload = z.infer<typeof livePayload>;

/** One event as the stream sends it: `id:` (for `Last-Event-ID`), `event:` the kind, `data:` the payload. */
export const liveEvent = z.object({
  id: z.number().int().positive(),
  kind: liveEventKind,
  payload: livePayload,
});
export type LiveEvent = z.infer<typeof liveEvent>;

/** The SSE `Last-Event-ID` header a reconnecting browser sends: the id of the last event it received. */
export const lastEventId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);
