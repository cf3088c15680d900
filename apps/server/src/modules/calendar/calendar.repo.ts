import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { scheduledStages } from '@portal/contracts/applications';
import type { Database } from '../../db/client.ts';
import { accounts, applications, calendarFeeds, companies, jobs } from '../../db/schema.ts';

/** Events one feed lists at most: a feed is read by calendar apps every few hours. */
const FEED_LIMIT = 500;

export function createCalendarRepo(db: Database) {
  const scheduled = () =>
    db
      .select({
        applicationId: applications.id,
        stage: applications.stage,
        at: applications.scheduleAt,
        place: applications.schedulePlace,
        sequence: applications.calendarSequence,
        role: jobs.role,
        company: companies.name,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.accountId, jobs.companyId))
      .innerJoin(accounts, eq(accounts.id, applications.studentId));
  const upcoming = (from: Date) =>
    and(
      inArray(applications.stage, [...scheduledStages]),
      isNotNull(applications.scheduleAt),
      gte(applications.scheduleAt, from),
    );

  const deadlines = () =>
    db
      .select({
        jobId: jobs.id,
        role: jobs.role,
        company: companies.name,
        deadline: jobs.applicationDeadline,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.accountId, jobs.companyId));

  return {
    async feedByHash(tokenHash: string) {
      const [row] = await db
        .select({ accountId: accounts.id, role: accounts.role, status: accounts.status })
        .from(calendarFeeds)
        .innerJoin(accounts, eq(accounts.id, calendarFeeds.accountId))
        .where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },

    async feedOf(accountId: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, accountId));
      return row ?? null;
    },

    /** Makes the account's one link, replacing any older one. */
    async saveFeed(accountId: string, tokenHash: string, at: Date) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ accountId, tokenHash, createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.accountId, set: { tokenHash, createdAt: at } })
        .returning();
      return row!;
    },

    /** True when there was a link to revoke. */
    async deleteFeed(accountId: string) {
      const gone = await db
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.accountId, accountId))
        .returning({ accountId: calendarFeeds.accountId });
      return gone.length > 0;
    },

    studentEvents(studentId: string, from: Date) {
      return scheduled()
        .where(and(eq(applications.studentId, studentId), upcoming(from)))
        .orderBy(asc(applications.scheduleAt))
        .limit(FEED_LIMIT);
    },

    companyEvents(companyId: string, from: Date) {
      return scheduled()
        .where(and(eq(jobs.companyId, companyId), upcoming(from)))
        .orderBy(asc(applications.scheduleAt))
        .limit(FEED_LIMIT);
    },

    allEvents(from: Date) {
      return scheduled().where(upcoming(from)).orderBy(asc(applications.scheduleAt)).limit(FEED_LIMIT);
    },

    /** Open jobs whose deadline is `fromDay` (YYYY-MM-DD) or later, of one company or of all. */
    openDeadlines(fromDay: string, companyId?: string) {
      return deadlines()
        .where(
          and(
            eq(jobs.status, 'Open'),
            gte(jobs.applicationDeadline, fromDay),
            companyId ? eq(jobs.companyId, companyId) : undefined,
          ),
        )
        .orderBy(asc(jobs.applicationDeadline))
        .limit(FEED_LIMIT);
    },
  };
}
export type CalendarRepo = ReturnType<typeof createCalendarRepo>;
