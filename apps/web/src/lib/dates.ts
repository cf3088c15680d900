/** The spec shows job dates as their date part only: 2026-01-05T10:00:00Z -> 2026-01-05. */
export const datePart = (value: string) => value.split('T')[0] ?? value;

/**
 * The deployment's time zone (the server's TIME_ZONE, told with GET /api/): every time is shown
 * in it with the zone named, so a student abroad and the placement cell read the same "10:00 IST".
 */
let displayTimeZone = 'Asia/Kolkata';

/** Sets the zone times are shown in; an unknown zone name is ignored (the default stays). */
export function setDisplayTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    displayTimeZone = zone;
  } catch {
    // Keep the zone in force.
  }
}

export const getDisplayTimeZone = () => displayTimeZone;

/** The zone's short name at that moment ("IST", "GMT+1"), else its IANA name. */
const zoneName = (date: Date) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: displayTimeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value ?? displayTimeZone;

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

/** A deadline (a date in the deployment's zone) with the zone named, e.g. "2026-12-31 (Asia/Kolkata)". */
export const deadlineDate = (value: string) => `${datePart(value)} (${displayTimeZone})`;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an instant in the deployment's zone. */
function zoneParts(date: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: displayTimeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    y: get('year'),
    mo: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  };
}

/** How far the deployment's zone is ahead of UTC at that instant, in ms. */
function zoneOffset(ms: number) {
  const p = zoneParts(new Date(ms));
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
}

/**
 * An ISO instant as a datetime-local input's value, in the deployment's zone (the zone every time
 * is shown in), e.g. "2026-03-10T10:30".
 */
export const toDateTimeLocal = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = zoneParts(d);
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
  // The offset at the guessed instant, then again at the corrected one (a change of offset between).
  const guess = wall - zoneOffset(wall);
  return new Date(wall - zoneOffset(guess)).toISOString();
};

/** Today (or `d`) as YYYY-MM-DD in the reader's time zone, the value of a date input. */
export const localDate = (d = new Date()) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The YYYY-MM-DD date `days` after `day`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
