import {
  addDays,
  dateInZone,
  DEFAULT_TIME_ZONE,
  instantOfWallClock,
  wallClock,
  zoneName as zoneNameIn,
} from '@portal/contracts/dates';

/** The spec shows job dates as their date part only: 2026-01-05T10:00:00Z -> 2026-01-05. */
export const datePart = (value: string) => value.split('T')[0] ?? value;

/**
 * The deployment's time zone (the server's TIME_ZONE, told with GET /api/): every time is shown
 * in it with the zone named, so a student abroad and the placement cell read the same "10:00 IST".
 */
let displayTimeZone = DEFAULT_TIME_ZONE;

/** Sets the zone times are shown in; an unknown zone name is ignored (the default stays). */
export function setDisplayTimeZone(zone: string) {
  // Checking a zone builds a formatter; the server sets the same zone for every page it renders.
  if (zone === displayTimeZone) return;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    displayTimeZone = zone;
  } catch {
    // Keep the zone in force.
  }
}

export const getDisplayTimeZone = () => displayTimeZone;

/** The zone's short name at that moment ("IST", "GMT+1"), else its IANA name. */
const zoneName = (date: Date) => zoneNameIn(date, displayTimeZone);

/** A date and time in the deployment's zone, named, e.g. "Monday, 5 January 2026 at 15:30 IST". */
export const localDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : `${date.toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: displayTimeZone })} ${zoneName(date)}`;
};

/** A date and time in short, in the deployment's zone, named, e.g. "21 Nov 2026, 10:42 IST". */
export const shortDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : `${date.toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: displayTimeZone,
      })} ${zoneName(date)}`;
};

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Today (YYYY-MM-DD) in the deployment's zone. */
export const todayInZone = () => dateInZone(new Date(), displayTimeZone);

/** A calendar day in short, "26 Dec", with the year when it is not `today`'s ("3 Jan 2028"). */
export function shortDay(value: string, today: string = todayInZone()): string {
  const [y, m, d] = datePart(value).split('-');
  const month = months[Number(m) - 1];
  if (!y || !month || !d) return value;
  return `${Number(d)} ${month}${y === today.slice(0, 4) ? '' : ` ${y}`}`;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${datePart(to)}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A deadline in words, counted from `today` (both days in the deployment's zone): "closes today, 26
 * Dec", "closes tomorrow, 27 Dec", "closes in 3 days, 29 Dec", "closed on 20 Dec". The page names
 * the zone once (`zoneNote`), not each date.
 */
export function deadlineInWords(deadline: string, today: string = todayInZone()): string {
  const days = daysBetween(today, deadline);
  const day = shortDay(deadline, today);
  if (Number.isNaN(days)) return deadline;
  if (days < 0) return `closed on ${day}`;
  if (days === 0) return `closes today, ${day}`;
  if (days === 1) return `closes tomorrow, ${day}`;
  return `closes in ${days} days, ${day}`;
}

/** The sentence a page shows once to name the zone its dates are in: "Dates are in IST (Asia/Kolkata)." */
export const zoneNote = () => {
  const short = zoneName(new Date());
  return short === displayTimeZone ? `Dates are in ${short}.` : `Dates are in ${short} (${displayTimeZone}).`;
};

/** A deadline (a date in the deployment's zone) with the zone named, e.g. "2026-12-31 (Asia/Kolkata)". */
export const deadlineDate = (value: string) => `${datePart(value)} (${displayTimeZone})`;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant as a datetime-local input's value, in the deployment's zone (the zone every time
 * is shown in), e.g. "2026-03-10T10:30".
 */
export const toDateTimeLocal = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = wallClock(d, displayTimeZone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
};

/**
 * A datetime-local input's value, read as a time in the deployment's zone, as an ISO instant; null
 * when it is not a date.
 */
export const fromDateTimeLocal = (value: string) => {
  const m = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wall)) return null;
  return instantOfWallClock(wall, displayTimeZone).toISOString();
};

/**
 * Today (or `d`) as YYYY-MM-DD in the deployment's zone, the value of a date input: the server
 * counts deadlines and decide-by dates in days there, wherever the reader is.
 */
export const localDate = (d = new Date()) => dateInZone(d, displayTimeZone);

export { addDays };
