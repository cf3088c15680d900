import { type Column, lt, type SQL } from 'drizzle-orm';

/**
 * A queue row whose time (`column`) has come by `now`. The server's clock counts milliseconds and
 * the database's `now()` microseconds, so a row queued in the current millisecond (12:00:00.123456
 * against a clock reading 12:00:00.123) counts as due: without it, half the emails a worker was
 * woken for on PostgreSQL waited for its next timer (300 tries: 152 left behind).
 */
export const dueBy = (column: Column, now: Date): SQL => lt(column, new Date(now.getTime() + 1));
