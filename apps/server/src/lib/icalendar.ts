/**
 * A small RFC 5545 writer: just what invites, cancellations and feeds need. Lines end in CRLF and
 * are folded at 75 octets (never inside a UTF-8 character); TEXT values escape backslash,
 * semicolon, comma and newline; every time is written in UTC ("...Z"), so no VTIMEZONE is needed.
 */

export type CalendarEvent = {
  /** Stable per thing scheduled: a reschedule or a cancellation reuses it. */
  uid: string;
  /** Grows with each change of the event, so calendars apply the newest one. */
  sequence: number;
  summary: string;
  description?: string;
  location?: string;
  /** A timed event (start, and end or one hour), or an all-day event on a YYYY-MM-DD date. */
  start: Date | { date: string };
  end?: Date;
  /** Set when the event is called off (with METHOD:CANCEL). */
  cancelled?: boolean;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
};

export type Calendar = {
  /** REQUEST for an invite, CANCEL for a call-off; none for a subscribed feed. */
  method?: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** The feed's name shown by calendar apps (X-WR-CALNAME). */
  name?: string;
  events: CalendarEvent[];
  /** DTSTAMP: when this calendar was written. */
  stamp: Date;
};

const HOUR_MS = 3_600_000;

/** TEXT escaping (RFC 5545 3.3.11). CR LF and lone CR become a newline first. */
export const escapeText = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');

/** Whether a character is a control character (C0 or DEL). */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** Drops control characters other than those kept (no TEXT value may hold them). */
const dropControls = (value: string, keep = '') =>
  [...value].filter((char) => !isControl(char) || keep.includes(char)).join('');

/** A parameter value (CN=...): quoted, with the characters a quoted value cannot hold dropped. */
const paramValue = (value: string) => `"${dropControls(value).replace(/["\\]/g, '')}"`;

/** Drops control characters other than newline, CR and tab. */
const withoutControls = (value: string) => dropControls(value, '\n\r\t');

/** 20261210T043000Z */
export const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Folds a content line at 75 octets: each continuation starts with one space (RFC 5545 3.1),
 * breaking only between characters so a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(e: CalendarEvent, stamp: Date): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${e.uid}`, `SEQUENCE:${e.sequence}`, `DTSTAMP:${utcStamp(stamp)}`];
  if (e.start instanceof Date) {
    lines.push(`DTSTART:${utcStamp(e.start)}`);
    lines.push(`DTEND:${utcStamp(e.end ?? new Date(e.start.getTime() + HOUR_MS))}`);
  } else {
    const day = e.start.date.replace(/-/g, '');
    const next = new Date(Date.parse(`${e.start.date}T00:00:00Z`) + 86_400_000);
    lines.push(`DTSTART;VALUE=DATE:${day}`);
    lines.push(`DTEND;VALUE=DATE:${next.toISOString().slice(0, 10).replace(/-/g, '')}`);
  }
  lines.push(`SUMMARY:${escapeText(withoutControls(e.summary))}`);
  if (e.location) lines.push(`LOCATION:${escapeText(withoutControls(e.location))}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(withoutControls(e.description))}`);
  if (e.organizer) {
    lines.push(`ORGANIZER;CN=${paramValue(e.organizer.name)}:mailto:${e.organizer.email}`);
  }
  if (e.attendee) {
    lines.push(
      `ATTENDEE;CN=${paramValue(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:${e.attendee.email}`,
    );
  }
  lines.push(`STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The calendar as .ics text: CRLF line ends, folded lines. */
export function writeCalendar(calendar: Calendar): string {
  const { stamp } = calendar;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campus Placement Portal//Calendar//EN',
    'CALSCALE:GREGORIAN',
  ];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(withoutControls(calendar.name))}`);
  for (const e of calendar.events) lines.push(...eventLines(e, stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
