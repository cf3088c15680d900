import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Stage } from '@portal/contracts/applications';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  applicationEvents,
  applications,
  companies,
  jobs,
  offers,
  students,
} from '../../db/schema.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';

export type NewApplicationEvent = typeof applicationEvents.$inferInsert;

export type Move = {
  applicationId: string;
  from: Stage;
  to: Stage;
  schedule: { at: Date; place: string } | null;
  /**
   * The calendar entry's new SEQUENCE, when the move sends an invite or a cancellation: one more
   * than the stored one, and the move applies only if that is still the stored one.
   */
  calendarSequence?: number;
  /** The history's entry for the move; none for a reschedule, which stays at its stage. */
  event: NewApplicationEvent | null;
  notice: NewNotification;
  /** The student's email about the move, when they want one; sent once the move commits. */
  email: QueuedEmail | null;
  /**
   * Set when the move is the offer: the offer is made (state Offered) with the move. The student's
   * placement follows only once they accept it (modules/offers).
   */
  offer?: {
    studentId: string;
    jobId: string;
    package: number;
    decideBy: string;
    tierName: string;
    policyVersion: number;
  };
};

/** Where a chunk of a job's applicants ends: the application's time (as text) and id. */
export type ApplicantKey = { at: string; id: string };

export type ApplicantFilter = { jobId?: string | undefined; stage?: Stage | undefined };

const whereApplicants = (companyId: string, filter: ApplicantFilter) =>
  and(
    eq(jobs.companyId, companyId),
    filter.jobId ? eq(applications.jobId, filter.jobId) : undefined,
    filter.stage ? eq(applications.stage, filter.stage) : undefined,
  );

export function createPipelineRepo(db: Database) {
  const applicantColumns = {
    application: applications,
    role: jobs.role,
    jobType: jobs.type,
    jobPackage: jobs.package,
    companyName: companies.name,
    offer: offers,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    /** The student's account status: what the company may see of them follows from it. */
    status: accounts.status,
    degrees: students.degrees,
    cgpa: students.cgpa,
  };
  const applicantsOf = () =>
    db
      .select(applicantColumns)
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.accountId, jobs.companyId))
      .innerJoin(accounts, eq(accounts.id, applications.studentId))
      .innerJoin(students, eq(students.accountId, applications.studentId))
      .leftJoin(offers, eq(offers.applicationId, applications.id));

  return {
    /** One page of the company's applicants, newest first, optionally for one job and one stage. */
    list(
      companyId: string,
      filter: ApplicantFilter,
      page: { limit: number; offset: number } = { limit: 100, offset: 0 },
    ) {
      return applicantsOf()
        .where(whereApplicants(companyId, filter))
        .orderBy(desc(applications.createdAt), desc(applications.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(companyId: string, filter: ApplicantFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(whereApplicants(companyId, filter));
      return row?.n ?? 0;
    },

    /**
     * A job's applicants after the one at `after` in the list's order (newest first), at most
     * `limit`: the CSV export reads them a chunk at a time by this key. The time travels as text,
     * so its microseconds survive the round trip (a JavaScript Date keeps milliseconds).
     */
    csvChunkAfter(companyId: string, jobId: string, after: ApplicantKey | null, limit: number) {
      return db
        .select({
          id: applications.id,
          studentId: applications.studentId,
          stage: applications.stage,
          createdAt: applications.createdAt,
          at: sql<string>`${applications.createdAt}::text`,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          status: accounts.status,
          degrees: students.degrees,
          cgpa: students.cgpa,
        })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(accounts, eq(accounts.id, applications.studentId))
        .innerJoin(students, eq(students.accountId, applications.studentId))
        .where(
          and(
            whereApplicants(companyId, { jobId }),
            after
              ? sql`(${applications.createdAt}, ${applications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(applications.createdAt), desc(applications.id))
        .limit(limit);
    },

    /** One application, only if it belongs to one of the company's jobs. */
    async findForCompany(companyId: string, applicationId: string) {
      const [row] = await applicantsOf().where(
        and(eq(applications.id, applicationId), eq(jobs.companyId, companyId)),
      );
      return row ?? null;
    },

    async findManyForCompany(companyId: string, applicationIds: string[]) {
      return applicantsOf().where(
        and(inArray(applications.id, applicationIds), eq(jobs.companyId, companyId)),
      );
    },

    events(applicationId: string) {
      return db
        .select()
        .from(applicationEvents)
        .where(eq(applicationEvents.applicationId, applicationId))
        .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
    },

    /**
     * Moves an application in one transaction: only if it is still at `from` (two recruiters
     * clicking at once make one move), with its event, the student's notification and email and,
     * for an offer, the offer itself. False when it was no longer at `from`.
     */
    async move(m: Move): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(applications)
          .set({
            stage: m.to,
            ...(m.schedule ? { scheduleAt: m.schedule.at, schedulePlace: m.schedule.place } : {}),
            ...(m.offer ? { packageOffered: m.offer.package } : {}),
            ...(m.calendarSequence !== undefined ? { calendarSequence: m.calendarSequence } : {}),
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(applications.id, m.applicationId),
              eq(applications.stage, m.from),
              // Two reschedules at once: one wins, so each SEQUENCE is sent once.
              m.calendarSequence !== undefined
                ? eq(applications.calendarSequence, m.calendarSequence - 1)
                : undefined,
            ),
          )
          .returning({ id: applications.id });
        if (moved.length === 0) return false;
        if (m.event) await tx.insert(applicationEvents).values(m.event);
        await insertNotifications(tx, [m.notice]);
        if (m.email) await enqueueEmails(tx, [m.email]);
        if (m.offer) await tx.insert(offers).values({ applicationId: m.applicationId, ...m.offer });
        return true;
      });
    },
  };
}
export type PipelineRepo = ReturnType<typeof createPipelineRepo>;
