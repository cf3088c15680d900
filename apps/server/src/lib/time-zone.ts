import { zoneName } from '@portal/contracts/dates';

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
