import { and, asc, between, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { accounts, liveEvents, sessions } from '../../db/schema.ts';

const columns = {
  id: liveEvents.id,
  accountId: liveEvents.accountId,
  kind: liveEvents.kind,
  payload: liveEvents.payload,
};

export function createLiveRepo(db: Database) {
  return {
    /** The events whose ids lie in these ranges (first and last id, both included), in id order. */
    async inRanges(ranges: [number, number][]) {
      if (ranges.length === 0) return [];
      return db
        .select(columns)
        .from(liveEvents)
        .where(or(...ranges.map(([first, last]) => between(liveEvents.id, first, last))))
        .orderBy(asc(liveEvents.id));
    },

    /** The account's events after `afterId`, oldest first, at most `limit`. */
    async after(accountId: string, afterId: number, limit: number) {
      return db
        .select(columns)
        .from(liveEvents)
        .where(and(eq(liveEvents.accountId, accountId), gt(liveEvents.id, afterId)))
        .orderBy(asc(liveEvents.id))
        .limit(limit);
    },

    /** The newest event id of the account (0 when none): where a fresh stream starts. */
    async lastId(accountId: string): Promise<number> {
      const [row] = await db
        .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)::float8` })
        .from(liveEvents)
        .where(eq(liveEvents.accountId, accountId));
      return Number(row?.id ?? 0);
    },

    /**
     * Which of these sessions may still hold a stream: not expired, not idle since `activeSince`,
     * their account not suspended.
     */
    async liveSessions(tokenHashes: string[], now: Date, activeSince: Date): Promise<Set<string>> {
      if (tokenHashes.length === 0) return new Set();
      const rows = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(
          and(
            inArray(sessions.tokenHash, tokenHashes),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, activeSince),
            notInArray(accounts.status, ['Suspended', 'Erased']),
          ),
        );
      return new Set(rows.map((r) => r.tokenHash));
    },

    /** Deletes events older than `before`, and all but the newest `keep` of each account; how many. */
    async prune(before: Date, keep: number): Promise<number> {
      const [gone] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with gone as (
            delete from ${liveEvents}
            where created_at < ${before.toISOString()}::timestamptz
              or id in (
                select id from (
                  select id, row_number() over (partition by account_id order by id desc) as position
                  from ${liveEvents}
                ) ranked where position > ${keep}
              )
            returning 1
          )
          select count(*)::int as n from gone`),
      );
      return Number(gone?.n ?? 0);
    },
  };
}
export type LiveRepo = ReturnType<typeof createLiveRepo>;
