/**
 * Days and zones, shared by the server, the web app and the tests. Job dates, deadlines and
 * decide-by dates are calendar days (YYYY-MM-DD) in the deployment's zone (the server's TIME_ZONE,
 * told to the web app by GET /api/): in India a deadline of the 10th ends at midnight IST, not at
 * 05:30 IST when the UTC day turns. Instants are stored in UTC.
 */

/** The zone days and times are read in unless the deployment names another. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in the zone, read by the zone's formatter (about 5 µs). */
export function wallClockByFormatter(at: Date, timeZone: string) {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    y: get('year'),
    mo: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  };
}

/**
 * A zone's offset from UTC, kept per quarter of an hour: every request asks what day it is, and
 * the formatter was a few per cent of a request's CPU. Zones change their offset at whole quarter
 * hours of UTC today (historical local mean times did not): a quarter whose two ends disagree is
 * read by the formatter, whatever the cause.
 */
const QUARTER = 15 * 60_000;
const offsetsByZone = new Map<string, Map<number, number>>();
const QUARTERS_KEPT = 4096;

function quarterOffset(quarter: number, timeZone: string): number {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map<number, number>()));
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const at = (ms: number) => {
      const p = wallClockByFormatter(new Date(ms), timeZone);
      return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - ms;
    };
    const start = quarter * QUARTER;
    const first = at(start);
    offset = first === at(start + QUARTER - 1000) ? first : NaN;
    if (offsets.size >= QUARTERS_KEPT) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

/** The wall-clock fields of an instant in the zone. */
export function wallClock(at: Date, timeZone: string) {
  const ms = at.getTime();
  const year = at.getUTCFullYear();
  if (Number.isFinite(ms) && year > 1000 && year < 9999) {
    const offset = quarterOffset(Math.floor(ms / QUARTER), timeZone);
    if (!Number.isNaN(offset)) {
      const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
      return {
        y: wall.getUTCFullYear(),
        mo: wall.getUTCMonth() + 1,
        d: wall.getUTCDate(),
        h: wall.getUTCHours(),
        mi: wall.getUTCMinutes(),
        s: wall.getUTCSeconds(),
      };
    }
  }
  return wallClockByFormatter(at, timeZone);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (YYYY-MM-DD) it is at `at` in the zone. */
export function dateInZone(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone);
  return `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`;
}

/** How far the zone's clocks are ahead of UTC at the instant `ms`, in milliseconds. */
function zoneOffset(ms: number, timeZone: string): number {
  const p = wallClock(new Date(ms), timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time in the zone names, given as that time's fields read as UTC
 * (`Date.UTC(…)`): 2026-11-25 00:00 in Asia/Kolkata is 2026-11-24T18:30Z.
 */
export function instantOfWallClock(wallMs: number, timeZone: string): Date {
  // The offset at the guessed instant, then again at the corrected one (summer time in between).
  const guess = wallMs - zoneOffset(wallMs, timeZone);
  return new Date(wallMs - zoneOffset(guess, timeZone));
}

/** The instant a calendar day (YYYY-MM-DD) begins in the zone. */
export const startOfDayInZone = (day: string, timeZone: string) =>
  instantOfWallClock(Date.parse(`${day}T00:00:00Z`), timeZone);

/** The zone's short name at `at` as read in India ("IST", "GMT+1"), else its IANA name. */
export function zoneName(at: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** The calendar day `days` after `day` (before it when negative), both YYYY-MM-DD. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
