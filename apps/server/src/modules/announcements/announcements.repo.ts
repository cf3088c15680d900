import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dueBy } from '../../db/due.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { accounts, jobAnnouncements, students } from '../../db/schema.ts';
import { eligibleStudentSql } from '../eligibility/eligibility.ts';
import { notifyEach } from '../notifications/notify.ts';
import { emailLinks } from '@portal/contracts/links';

export function createAnnouncementsRepo(db: Database) {
  return {
    /**
     * Takes the oldest due announcement and holds it until `leaseUntil` under `token`: another
     * process skips it meanwhile, and if this one dies it falls due again when the lease ends.
     */
    async claim(now: Date, leaseUntil: Date, token: string) {
      const due = db
        .select({ id: jobAnnouncements.id })
        .from(jobAnnouncements)
        .where(and(isNull(jobAnnouncements.doneAt), dueBy(jobAnnouncements.nextAttemptAt, now)))
        .orderBy(asc(jobAnnouncements.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await db
        .update(jobAnnouncements)
        .set({
          leaseToken: token,
          nextAttemptAt: leaseUntil,
          attempts: sql`${jobAnnouncements.attempts} + 1`,
        })
        .where(inArray(jobAnnouncements.id, due))
        .returning({ id: jobAnnouncements.id });
      return row ?? null;
    },

    /**
     * Delivers the next batch: looks at up to `size` students after the last one reached, writes a
     * notification for each the announcement is for, and records how far it got, in one
     * transaction, only while `token` still holds the lease (renewed to `leaseUntil`). 'lost' when
     * another process took the announcement over; 'done' after the last student.
     */
    async deliverBatch(
      id: string,
      token: string,
      size: number,
      leaseUntil: Date,
      now: Date,
    ): Promise<'lost' | 'more' | 'done'> {
      return db.transaction(async (tx) => {
        const [held] = await tx
          .update(jobAnnouncements)
          .set({ nextAttemptAt: leaseUntil })
          .where(
            and(
              eq(jobAnnouncements.id, id),
              eq(jobAnnouncements.leaseToken, token),
              isNull(jobAnnouncements.doneAt),
            ),
          )
          .returning({
            after: jobAnnouncements.afterStudentId,
            sender: jobAnnouncements.sender,
            title: jobAnnouncements.title,
            body: jobAnnouncements.body,
            verifiedOnly: jobAnnouncements.verifiedOnly,
            minCgpa: jobAnnouncements.minCgpa,
            programmes: jobAnnouncements.programmes,
            years: jobAnnouncements.years,
            colleges: jobAnnouncements.colleges,
          });
        if (!held) return 'lost';
        // Keyset over student ids: each batch looks at most at `size` students, however many there are.
        const after = held.after === null ? sql`true` : sql`${students.accountId} > ${held.after}`;
        const [batch] = rowsOf<{ scanned: number; last: string | null }>(
          await tx.execute(sql`
            with batch as (
              select ${students.accountId} as account_id from ${students}
              where ${after} order by ${students.accountId} limit ${size}
            )
            select (select count(*) from batch)::int as scanned,
                   (select account_id::text from batch order by account_id desc limit 1) as last`),
        );
        // Who of them hears of the job: the rule Apply uses, as SQL with the criteria bound as values.
        const eligible = eligibleStudentSql(
          { minCgpa: held.minCgpa, eligibleProgrammes: held.programmes, eligibleYears: held.years },
          { requireVerifiedAcademics: held.verifiedOnly },
        );
        const delivered = batch?.last
          ? await notifyEach(
              tx,
              sql`select ${students.accountId} from ${students}
                  join ${accounts} on ${accounts.id} = ${students.accountId}
                  where ${after} and ${students.accountId} <= ${batch.last}::uuid
                    and ${accounts.status} = 'Allowed' and ${eligible}
                    and ${inArray(students.collegeId, held.colleges)}`,
              // The notice the job's service wrote, linking to where the student applies.
              { ...held, link: emailLinks.studentJobVacancies },
            )
          : 0;
        const scanned = Number(batch?.scanned ?? 0);
        const done = scanned < size;
        await tx
          .update(jobAnnouncements)
          .set({
            ...(batch?.last ? { afterStudentId: batch.last } : {}),
            delivered: sql`${jobAnnouncements.delivered} + ${delivered}`,
            ...(done ? { doneAt: now, leaseToken: null } : {}),
          })
          .where(eq(jobAnnouncements.id, id));
        return done ? 'done' : 'more';
      });
    },

    /** Gives the announcement back (on shutdown), so another process can go on from where it got. */
    async release(id: string, token: string, now: Date) {
      await db
        .update(jobAnnouncements)
        .set({ leaseToken: null, nextAttemptAt: now })
        .where(and(eq(jobAnnouncements.id, id), eq(jobAnnouncements.leaseToken, token)));
    },

    /** Forgets announcements delivered before `before`. */
    async pruneDone(before: Date) {
      await db
        .delete(jobAnnouncements)
        .where(and(isNotNull(jobAnnouncements.doneAt), lt(jobAnnouncements.doneAt, before)));
    },

    /** How many announcements are still to deliver (for tests and the log). */
    async pending(): Promise<number> {
      const rows = await db
        .select({ id: jobAnnouncements.id })
        .from(jobAnnouncements)
        .where(isNull(jobAnnouncements.doneAt));
      return rows.length;
    },
  };
}
export type AnnouncementsRepo = ReturnType<typeof createAnnouncementsRepo>;
