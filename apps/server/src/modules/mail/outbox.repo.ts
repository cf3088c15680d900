import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dueBy } from '../../db/due.ts';
import { accounts, colleges, outboxEmails } from '../../db/schema.ts';

export function createOutboxRepo(db: Database) {
  const pending = and(isNull(outboxEmails.sentAt), isNull(outboxEmails.failedAt));

  return {
    /**
     * Takes up to `limit` due emails and holds them for `leaseMs`: another server process skips
     * them meanwhile, and if this one dies mid-send they fall due again when the lease ends.
     */
    async claimDue(now: Date, limit: number, leaseMs: number) {
      const due = db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(and(pending, dueBy(outboxEmails.nextAttemptAt, now)))
        .orderBy(asc(outboxEmails.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(outboxEmails)
        .set({
          attempts: sql`${outboxEmails.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + leaseMs),
        })
        .where(inArray(outboxEmails.id, due))
        .returning();
    },

    /** The college of each of these accounts that has one (students and staff; not companies). */
    collegesOf(accountIds: string[]) {
      if (accountIds.length === 0) return Promise.resolve([]);
      return db
        .select({ accountId: accounts.id, id: colleges.id, slug: colleges.slug, host: colleges.host })
        .from(accounts)
        .innerJoin(colleges, eq(colleges.id, accounts.collegeId))
        .where(inArray(accounts.id, accountIds));
    },

    /**
     * Records a send, keeping the text as sent (`body`: its links moved to the recipient's college)
     * or, with null, blanking it, so a used reset link is not kept at rest.
     */
    async markSent(id: string, at: Date, body: string | null) {
      await db
        .update(outboxEmails)
        .set({ sentAt: at, lastError: null, ...(body !== null ? { body } : { body: '', attachments: [] }) })
        .where(eq(outboxEmails.id, id));
    },

    async markRetry(id: string, nextAttemptAt: Date, error: string) {
      await db.update(outboxEmails).set({ nextAttemptAt, lastError: error }).where(eq(outboxEmails.id, id));
    },

    async markFailed(id: string, at: Date, error: string) {
      await db.update(outboxEmails).set({ failedAt: at, lastError: error }).where(eq(outboxEmails.id, id));
    },

    /** Forgets emails sent before `before`; unsent and failed ones stay for someone to look at. */
    async pruneSent(before: Date) {
      await db
        .delete(outboxEmails)
        .where(and(isNotNull(outboxEmails.sentAt), lt(outboxEmails.sentAt, before)));
    },

    recent(limit: number) {
      return db
        .select()
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
        .limit(limit);
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
