import { addDays, dateInZone, startOfDayInZone } from '@portal/contracts/dates';

/**
 * The deployment's time: what instant it is, and what day it is where the college is. Built once
 * from config (TIME_ZONE) and handed to every service and worker that needs time, so a day is
 * never read in UTC by accident (at 23:30 UTC on 31 December it is already 1 January in India)
 * and tests set the time in one place.
 */
export type Clock = {
  /** The zone days are read in (config TIME_ZONE, an IANA name). */
  readonly timeZone: string;
  now: () => Date;
  /** Today's date in the zone, YYYY-MM-DD. */
  today: () => string;
  /** The date (YYYY-MM-DD) an instant falls on in the zone. */
  dateOf: (at: Date) => string;
  /** The instant a date (YYYY-MM-DD) begins in the zone. */
  startOf: (day: string) => Date;
  /** The instant today began in the zone. */
  startOfToday: () => Date;
  /** The instant tomorrow begins in the zone. */
  startOfTomorrow: () => Date;
  /** The instant `ms` milliseconds from now (before now when negative). */
  fromNow: (ms: number) => Date;
};

/** A clock in `timeZone`; tests pass `now` to fix or move the time. */
export function createClock(timeZone: string, now: () => Date = () => new Date()): Clock {
  const dateOf = (at: Date) => dateInZone(at, timeZone);
  const startOf = (day: string) => startOfDayInZone(day, timeZone);
  return {
    timeZone,
    now,
    today: () => dateOf(now()),
    dateOf,
    startOf,
    startOfToday: () => startOf(dateOf(now())),
    startOfTomorrow: () => startOf(addDays(dateOf(now()), 1)),
    fromNow: (ms) => new Date(now().getTime() + ms),
  };
}
