import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { stages, type Stage } from '@portal/contracts/applications';
import type { ApplicantSort } from '@portal/contracts/pipeline';
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
import { publishStageChanges } from '../live/publish.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';
import { isProgrammeTarget, programmeFilterSql } from '../students/students.read.ts';

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

export type ApplicantFilter = {
  jobId?: string | undefined;
  stage?: Stage | undefined;
  /** Matches the name anywhere; the roll number or email from their start, where the record is seen. */
  search?: string | undefined;
  degree?: string | undefined;
  cgpaMin?: number | undefined;
  cgpaMax?: number | undefined;
  verified?: boolean | undefined;
  year?: number | undefined;
  /**
   * The condition (on `accounts`) under which the company sees an applicant's record, as the
   * service computed it from the visibility rule: the record's filters match only there.
   */
  recordSeen?: SQL | undefined;
};

export type ApplicantOrder = { sort: ApplicantSort; order: 'asc' | 'desc' };

const applicantName = sql`lower(${accounts.firstName} || ' ' || ${accounts.lastName})`;

/** The students' columns a filter reads (the count joins `accounts` and `students` only then). */
const readsStudent = (f: ApplicantFilter) =>
  Boolean(f.search || f.degree) || [f.cgpaMin, f.cgpaMax, f.verified, f.year].some((v) => v !== undefined);

const whereApplicants = (companyId: string, filter: ApplicantFilter) => {
  const seen = filter.recordSeen ?? sql`false`;
  const search = filter.search?.trim().toLowerCase() ?? '';
  const record: SQL[] = [];
  if (filter.degree && isProgrammeTarget(filter.degree)) {
    record.push(programmeFilterSql(filter.degree.toLowerCase()));
  } else if (filter.degree) {
    record.push(sql`lowercase_elements(${students.degrees}) @> array[${filter.degree.toLowerCase()}::text]`);
  }
  if (filter.cgpaMin !== undefined) record.push(sql`${students.cgpa} >= ${filter.cgpaMin}`);
  if (filter.cgpaMax !== undefined) record.push(sql`${students.cgpa} <= ${filter.cgpaMax}`);
  if (filter.verified !== undefined) {
    record.push(
      filter.verified
        ? sql`${students.academicsVerifiedAt} is not null`
        : sql`${students.academicsVerifiedAt} is null`,
    );
  }
  if (filter.year !== undefined) record.push(eq(students.yearOfPassing, filter.year));
  return and(
    eq(jobs.companyId, companyId),
    filter.jobId ? eq(applications.jobId, filter.jobId) : undefined,
    filter.stage ? eq(applications.stage, filter.stage) : undefined,
    search
      ? sql`(strpos(${applicantName}, ${search}) > 0 or (${seen} and (starts_with(lower(${accounts.email}), ${search}) or starts_with(lower(${students.rollNumber}::text), ${search}))))`
      : undefined,
    record.length > 0 ? and(seen, ...record) : undefined,
  );
};

/** The table's order, then the newest application, then the id: every page in one stable order. */
function orderOf(o: ApplicantOrder, recordSeen: SQL | undefined): SQL[] {
  const dir = o.order === 'asc' ? sql`asc` : sql`desc`;
  const tail = [desc(applications.createdAt), desc(applications.id)];
  switch (o.sort) {
    case 'appliedAt':
      return o.order === 'asc' ? [asc(applications.createdAt), asc(applications.id)] : tail;
    case 'name':
      return [sql`${applicantName} ${dir}`, ...tail];
    case 'cgpa':
      // A withheld record sorts as if it had no CGPA: its order must not tell its value.
      return [
        sql`(case when ${recordSeen ?? sql`false`} then ${students.cgpa} end) ${dir} nulls last`,
        ...tail,
      ];
    case 'stage':
      return [
        sql`array_position(array[${sql.join(
          stages.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[], ${applications.stage}::text) ${dir}`,
        ...tail,
      ];
  }
}

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
    /** The student's college: a company sees records only at colleges that allow it. */
    collegeId: accounts.collegeId,
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
    /** One page of the company's applicants by the table's filters, in its order (newest first by default). */
    list(
      companyId: string,
      filter: ApplicantFilter,
      page: { limit: number; offset: number } = { limit: 100, offset: 0 },
      order: ApplicantOrder = { sort: 'appliedAt', order: 'desc' },
    ) {
      return applicantsOf()
        .where(whereApplicants(companyId, filter))
        .orderBy(...orderOf(order, filter.recordSeen))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** The ids of the matching applications in the table's order, at most `limit`. */
    async idsInOrder(companyId: string, filter: ApplicantFilter, order: ApplicantOrder, limit: number) {
      const rows = await db
        .select({ id: applications.id })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(accounts, eq(accounts.id, applications.studentId))
        .innerJoin(students, eq(students.accountId, applications.studentId))
        .where(whereApplicants(companyId, filter))
        .orderBy(...orderOf(order, filter.recordSeen))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async count(companyId: string, filter: ApplicantFilter): Promise<number> {
      const base = db
        .select({ n: count() })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId));
      const [row] = await (
        readsStudent(filter)
          ? base
              .innerJoin(accounts, eq(accounts.id, applications.studentId))
              .innerJoin(students, eq(students.accountId, applications.studentId))
          : base
      ).where(whereApplicants(companyId, filter));
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
          collegeId: accounts.collegeId,
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
        await publishStageChanges(tx, [m.applicationId]);
        if (m.email) await enqueueEmails(tx, [m.email]);
        if (m.offer) await tx.insert(offers).values({ applicationId: m.applicationId, ...m.offer });
        return true;
      });
    },
  };
}
export type PipelineRepo = ReturnType<typeof createPipelineRepo>;
