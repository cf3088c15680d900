import { zoneName } from '@portal/contracts/dates';
import type { Clock } from './clock.ts';

/**
 * A time as people read it in the deployment's zone, with the zone named, e.g.
 * "10 Mar 2099, 2:30 pm IST". Times are stored in UTC; TIME_ZONE (config.ts) names the zone.
 */
export function formatInZone(at: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    at,
  );
  return `${time} ${zoneName(at, timeZone)}`;
}

/**
 * A download's file name carrying the day it was made where the college is, e.g.
 * "students-2026-11-25.csv": from 00:00 to 05:30 IST the UTC date would still be yesterday's.
 */
export function datedFileName(name: string, extension: string, clock: Pick<Clock, 'today'>): string {
  return `${name}-${clock.today()}.${extension}`;
}
