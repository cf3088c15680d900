import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { eventRegistrations, events } from '../../db/schema.ts';
import type { CalendarEvent } from '../../lib/icalendar.ts';

/** Stable per event: the invite file and the feed name one calendar entry. */
export const eventUid = (eventId: string, host: string) => `event-${eventId}@${host}`;

/**
 * An event as a calendar entry (the student's "Add to calendar" file and their feed): its
 * sequence grows with each move and the cancellation, and a cancelled event is STATUS:CANCELLED.
 */
export function eventCalendarEntry(
  e: Pick<
    typeof events.$inferSelect,
    | 'id'
    | 'kind'
    | 'title'
    | 'description'
    | 'startsAt'
    | 'endsAt'
    | 'place'
    | 'onlineLink'
    | 'calendarSequence'
    | 'cancelledAt'
  >,
  host: string,
): CalendarEvent {
  const location = [e.place, e.onlineLink].filter(Boolean).join(' · ');
  return {
    uid: eventUid(e.id, host),
    sequence: e.calendarSequence,
    cancelled: e.cancelledAt !== null,
    summary: `${e.kind}: ${e.title}`,
    start: e.startsAt,
    end: e.endsAt,
    ...(location ? { location } : {}),
    ...(e.description ? { description: e.description } : {}),
  };
}

/** What other modules read of events: the calendar feed shows the events a student has a place at. */
export function createEventsReader(db: Database) {
  return {
    /**
     * The events the student holds a place at (not waiting) that start from `from` on, soonest
     * first; a cancelled one stays, so a calendar subscribed to the feed shows it called off.
     */
    studentEvents: (studentId: string, from: Date) =>
      db
        .select({
          id: events.id,
          kind: events.kind,
          title: events.title,
          description: events.description,
          startsAt: events.startsAt,
          endsAt: events.endsAt,
          place: events.place,
          onlineLink: events.onlineLink,
          calendarSequence: events.calendarSequence,
          cancelledAt: events.cancelledAt,
        })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .where(
          and(
            eq(eventRegistrations.studentId, studentId),
            eq(eventRegistrations.status, 'registered'),
            gte(events.startsAt, from),
          ),
        )
        .orderBy(asc(events.startsAt))
        .limit(200),
  };
}
export type EventsReader = ReturnType<typeof createEventsReader>;
