import type { Stage } from '@portal/contracts/applications';
import type { CalendarEvent } from '../../lib/icalendar.ts';
import { writeCalendar } from '../../lib/icalendar.ts';
import type { EmailAttachment } from '../../lib/mail.ts';

/**
 * The calendar entries of scheduled stages, shared by the invites the pipeline emails and the
 * feeds: both name an entry by the same UID, so a calendar that got the invite and subscribes to
 * the feed shows one entry, and a reschedule or cancellation updates it.
 */

const slug = (stage: Stage) => stage.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The host part of UIDs: the portal's public host name, so two deployments never clash. */
export const uidHost = (appUrl: string) => new URL(appUrl).host;

/** Stable per application and stage: the same entry for a schedule and each reschedule of it. */
export const stageUid = (applicationId: string, stage: Stage, host: string) =>
  `application-${applicationId}-${slug(stage)}@${host}`;

export type ScheduledStage = {
  applicationId: string;
  stage: Stage;
  at: Date;
  place: string;
  sequence: number;
  role: string;
  company: string;
  /** The student's name, shown on a company's or staff member's calendar. */
  student?: string;
};

export function stageEvent(
  s: ScheduledStage,
  host: string,
  extra: Partial<CalendarEvent> = {},
): CalendarEvent {
  return {
    uid: stageUid(s.applicationId, s.stage, host),
    sequence: s.sequence,
    summary: `${s.stage} — ${s.role} at ${s.company}${s.student ? ` (${s.student})` : ''}`,
    start: s.at,
    ...(s.place ? { location: s.place } : {}),
    ...extra,
  };
}

/**
 * The invite.ics attached to a scheduling email (METHOD:REQUEST), or to the email telling of a
 * rejection after a schedule (METHOD:CANCEL, same UID, higher SEQUENCE).
 */
export function inviteAttachment(p: {
  /** When the invite is written (its DTSTAMP). */
  stamp: Date;
  stage: ScheduledStage;
  host: string;
  cancelled: boolean;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  description: string;
}): EmailAttachment {
  const method = p.cancelled ? 'CANCEL' : 'REQUEST';
  return {
    filename: 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: writeCalendar({
      method,
      stamp: p.stamp,
      events: [
        stageEvent(p.stage, p.host, {
          cancelled: p.cancelled,
          organizer: p.organizer,
          attendee: p.attendee,
          description: p.description,
        }),
      ],
    }),
  };
}
