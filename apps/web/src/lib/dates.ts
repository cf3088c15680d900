/** The spec shows job dates as their date part only: 2026-01-05T10:00:00Z -> 2026-01-05. */
export const datePart = (value: string) => value.split('T')[0] ?? value;

/** A date and time in the reader's own locale and time zone, e.g. "Monday, 5 January 2026 at 15:30". */
export const localDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
};
