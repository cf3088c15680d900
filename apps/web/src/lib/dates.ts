/** The spec shows job dates as their date part only: 2026-01-05T10:00:00Z -> 2026-01-05. */
export const datePart = (value: string) => value.split('T')[0] ?? value;

/** A date and time in the reader's own locale and time zone, e.g. "Monday, 5 January 2026 at 15:30". */
export const localDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
};

/** A date and time in short, in the reader's time zone, e.g. "21 Nov 2026, 10:42". */
export const shortDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input's value (the reader's time zone), e.g. "2026-03-10T10:30". */
export const toDateTimeLocal = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A datetime-local input's value (local time, no zone) as an ISO instant, or null when it is not a date. */
export const fromDateTimeLocal = (value: string) => {
  const d = new Date(value);
  return value === '' || Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** Today (or `d`) as YYYY-MM-DD in the reader's time zone, the value of a date input. */
export const localDate = (d = new Date()) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The YYYY-MM-DD date `days` after `day`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
