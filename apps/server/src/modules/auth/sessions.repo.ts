import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, companyColleges, sessions } from '../../db/schema.ts';

export function createSessionsRepo(db: Database) {
  const findAccountStatement = db
    .select({
      id: accounts.id,
      role: accounts.role,
      status: accounts.status,
      name: sql<string>`${accounts.firstName} || ' ' || ${accounts.lastName}`,
      email: accounts.email,
      collegeId: accounts.collegeId,
      // The session lookup runs unwalled: a company's standing at every college is in view.
      recruitsAt: sql<number[]>`case when ${accounts.role} = 'company' then array(
        select ${companyColleges.collegeId} from ${companyColleges}
        where ${companyColleges.companyId} = ${accounts.id} and ${companyColleges.status} = 'Allowed'
        order by 1) else '{}'::integer[] end`,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('activeSince')),
      ),
    )
    .prepare('session_account');

  return {
    async insert(session: { tokenHash: string; accountId: string; expiresAt: Date; lastSeenAt: Date }) {
      await db.insert(sessions).values(session);
    },

    /**
     * The account behind a session that has neither expired nor been idle since `activeSince`, read
     * fresh so a status change applies at once. Every signed-in request asks this, so it is a
     * prepared statement: its SQL is built once, and PostgreSQL plans it once per connection.
     */
    async findAccount(tokenHash: string, now: Date, activeSince: Date) {
      // Placeholders skip the column's encoder: times go as the ISO text the column would send.
      const [row] = await findAccountStatement.execute({
        tokenHash,
        now: now.toISOString(),
        activeSince: activeSince.toISOString(),
      });
      return row ?? null;
    },

    async touch(tokenHash: string, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    },

    async delete(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Ends every session of the account but the one given. */
    async deleteOthers(accountId: string, keepTokenHash: string) {
      await db
        .delete(sessions)
        .where(and(eq(sessions.accountId, accountId), ne(sessions.tokenHash, keepTokenHash)));
    },

    async deleteExpired(now: Date, activeSince: Date) {
      await db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, activeSince)));
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
