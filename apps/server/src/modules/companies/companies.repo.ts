import { and, asc, count, countDistinct, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AccountStatus, CompanyStatus } from '@portal/contracts/common';
import { accountColumns } from '../../db/account-columns.ts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { currentCollege } from '../../db/college-scope.ts';
import {
  accounts,
  applications,
  colleges,
  companies,
  companyColleges,
  companyNameChanges,
  companyStatusChanges,
  jobColleges,
  jobs,
} from '../../db/schema.ts';
import { enqueueAnnouncements, type NewAnnouncement } from '../announcements/announce.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';
import { insertNotifications, type NewNotification } from '../notifications/notify.ts';

/** A decision about a company's account, with what it tells the recruiter. */
export type StatusChange = {
  companyId: string;
  /** The college deciding: a college's staff decide on the company's standing there alone. */
  college: number;
  /** The status the decision was made on; the change applies only if it still holds. */
  from: AccountStatus;
  to: CompanyStatus;
  reason: string;
  actor: { id: string; name: string };
  notice: NewNotification | null;
  emails: QueuedEmail[];
  /** On approval, the company's open jobs for the eligible students, delivered after the commit. */
  announcements: NewAnnouncement[];
};

/** A row of the name trail, as the service wrote it. */
export type NewNameChange = Omit<typeof companyNameChanges.$inferInsert, 'id' | 'createdAt'>;

/**
 * What a profile save does to the company's name, decided by the service on the name and pending
 * name it read (`seen`): it applies only if they still hold, so it never overwrites a decision
 * staff made in between.
 */
export type NameWrite = {
  seen: { name: string; pendingName: string | null };
  /** The name in force and the one pending after the save; a new pending name is stamped with now. */
  set: { name: string; pendingName: string | null };
  event: NewNameChange;
};

/** A college's staff decide on the pending name they saw, with what the company is told once it is decided. */
export type NameDecision = {
  companyId: string;
  /** The college deciding (its staff's): an approval is recorded on its row. */
  college: number;
  /** The pending name decided on; the decision applies only while it is still the one pending. */
  pendingName: string;
  decision: 'Approved' | 'Rejected';
  /** The standings whose colleges each approve a new name (contracts' `nameApprovers`). */
  approvers: readonly AccountStatus[];
  event: NewNameChange;
  /** Told the company when the name is decided: rejected, or approved by the last college to. */
  notice: NewNotification;
  emails: QueuedEmail[];
};

/** What a decision on a name came to. */
export type NameOutcome =
  { outcome: 'stale' } | { outcome: 'decided' } | { outcome: 'waiting'; outstanding: number };

/** The company's name and pending name are still those a change was decided on. */
const nameAsSeen = (seen: NameWrite['seen']): SQL | undefined =>
  and(
    eq(companies.name, seen.name),
    seen.pendingName === null ? isNull(companies.pendingName) : eq(companies.pendingName, seen.pendingName),
  );

/** Rolls a transaction back when its conditional write found the row changed. */
class Stale extends Error {}

/**
 * The companies that asked the college of the work under way (a staff member's own), by their
 * standing there.
 */
const whereCompanies = (filter: { companyId?: string; status?: CompanyStatus }) =>
  and(
    eq(companyColleges.collegeId, currentCollege),
    filter.companyId ? eq(companies.accountId, filter.companyId) : undefined,
    filter.status ? eq(companyColleges.status, filter.status) : undefined,
  );
const standingHere = and(
  eq(companyColleges.companyId, companies.accountId),
  eq(companyColleges.collegeId, currentCollege),
);

export function createCompaniesRepo(db: Database) {
  // The jobs posted to the college, and its students' applications (the wall keeps those).
  const jobCounts = db
    .select({ companyId: jobs.companyId, jobs: count().as('job_count') })
    .from(jobs)
    .innerJoin(jobColleges, and(eq(jobColleges.jobId, jobs.id), eq(jobColleges.collegeId, currentCollege)))
    .groupBy(jobs.companyId)
    .as('job_counts');
  const applicantCounts = db
    .select({
      companyId: jobs.companyId,
      applicants: countDistinct(applications.studentId).as('applicant_count'),
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .groupBy(jobs.companyId)
    .as('applicant_counts');

  return {
    /**
     * Companies with their recruiter, their number of jobs and of distinct applicants: those
     * waiting for approval first, then by name. One company, or those of one status, when asked;
     * `limit`/`offset` take one page.
     */
    async summaries(
      filter: { companyId?: string; status?: CompanyStatus } = {},
      page: { limit: number; offset: number } = { limit: 1, offset: 0 },
    ) {
      return db
        .select({
          account: accountColumns,
          company: companies,
          standing: companyColleges,
          jobs: sql<number>`coalesce(${jobCounts.jobs}, 0)::int`,
          applicants: sql<number>`coalesce(${applicantCounts.applicants}, 0)::int`,
        })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .innerJoin(companyColleges, standingHere)
        .leftJoin(jobCounts, eq(jobCounts.companyId, companies.accountId))
        .leftJoin(applicantCounts, eq(applicantCounts.companyId, companies.accountId))
        .where(whereCompanies(filter))
        .orderBy(
          desc(sql`${companyColleges.status} = 'Pending'`),
          desc(sql`${companies.pendingName} is not null`),
          asc(sql`lower(${companies.name})`),
          asc(companies.accountId),
        )
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(filter: { status?: CompanyStatus } = {}): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(companies)
        .innerJoin(companyColleges, standingHere)
        .where(whereCompanies(filter));
      return row?.n ?? 0;
    },

    /**
     * Applies a decision in one transaction, only if the company is still at `from` (two staff
     * members deciding at once make one change): the account's status, the reason shown to the
     * company, the audit row, and the recruiter's notification and emails. False when it was no
     * longer at `from`.
     */
    async changeStatus(c: StatusChange): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The college's row; the account's summary follows by trigger (migration 0031).
        const changed = await tx
          .update(companyColleges)
          .set({ status: c.to, statusReason: c.reason, updatedAt: sql`now()` })
          .where(
            and(
              eq(companyColleges.companyId, c.companyId),
              eq(companyColleges.collegeId, c.college),
              eq(companyColleges.status, c.from),
            ),
          )
          .returning({ id: companyColleges.companyId });
        if (changed.length === 0) return false;
        await tx
          .update(companies)
          .set({ statusReason: c.reason })
          .where(eq(companies.accountId, c.companyId));
        await tx.insert(companyStatusChanges).values({
          companyId: c.companyId,
          collegeId: c.college,
          status: c.to,
          reason: c.reason,
          actorId: c.actor.id,
          actorName: c.actor.name,
        });
        if (c.notice) await insertNotifications(tx, [c.notice]);
        await enqueueEmails(tx, c.emails);
        await enqueueAnnouncements(tx, c.announcements);
        return true;
      });
    },

    /** The newest `limit` decisions about the company at the college of the work under way. */
    statusHistory(companyId: string, limit: number) {
      return db
        .select()
        .from(companyStatusChanges)
        .where(
          and(
            eq(companyStatusChanges.companyId, companyId),
            eq(companyStatusChanges.collegeId, currentCollege),
          ),
        )
        .orderBy(desc(companyStatusChanges.createdAt), desc(companyStatusChanges.id))
        .limit(limit);
    },

    /** The newest `limit` changes to the company's name: its asks, and this college's decisions. */
    nameHistory(companyId: string, limit: number) {
      return db
        .select()
        .from(companyNameChanges)
        .where(
          and(
            eq(companyNameChanges.companyId, companyId),
            or(isNull(companyNameChanges.collegeId), eq(companyNameChanges.collegeId, currentCollege)),
          ),
        )
        .orderBy(desc(companyNameChanges.createdAt), desc(companyNameChanges.id))
        .limit(limit);
    },

    /**
     * Saves the recruiter's details and, when given, the change to the name with its trail row, in
     * one transaction. False (nothing saved) when the name or pending name was no longer as seen.
     */
    async updateProfile(
      accountId: string,
      p: { firstName: string; lastName: string; phone: string; staffID: string },
      name: NameWrite | null,
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(accounts)
            .set({ firstName: p.firstName, lastName: p.lastName, phone: p.phone, updatedAt: sql`now()` })
            .where(eq(accounts.id, accountId));
          const changed = await tx
            .update(companies)
            .set({
              staffId: p.staffID,
              ...(name
                ? { ...name.set, pendingNameAt: name.set.pendingName === null ? null : sql`now()` }
                : {}),
            })
            .where(and(eq(companies.accountId, accountId), name ? nameAsSeen(name.seen) : undefined))
            .returning({ id: companies.accountId });
          if (changed.length === 0) throw new Stale();
          if (name) {
            await tx.insert(companyNameChanges).values(name.event);
            // A new ask (or its withdrawal) starts every college's approval afresh.
            await tx
              .update(companyColleges)
              .set({ approvedName: null })
              .where(eq(companyColleges.companyId, accountId));
          }
        });
        return true;
      } catch (error) {
        if (error instanceof Stale) return false;
        throw error;
      }
    },

    /**
     * Records a college's decision on a pending name in one transaction, only while that name is
     * still the one pending (the company's row is locked first: two colleges, or two staff, deciding
     * at once decide one after the other). A rejection keeps the name in force; an approval is kept
     * on the college's row and applies the name once no approving college is left to approve it
     * (counted past the walls: migration 0045). The company is told when the name is decided.
     */
    async decideName(d: NameDecision): Promise<NameOutcome> {
      return db.transaction(async (tx): Promise<NameOutcome> => {
        const [locked] = await tx
          .select({ id: companies.accountId })
          .from(companies)
          .where(and(eq(companies.accountId, d.companyId), eq(companies.pendingName, d.pendingName)))
          .for('update');
        if (!locked) return { outcome: 'stale' };
        await tx.insert(companyNameChanges).values(d.event);
        if (d.decision === 'Approved') {
          await tx
            .update(companyColleges)
            .set({ approvedName: d.pendingName })
            .where(and(eq(companyColleges.companyId, d.companyId), eq(companyColleges.collegeId, d.college)));
          const approvers = sql.join(
            d.approvers.map((status) => sql`${status}`),
            sql`, `,
          );
          const [left] = rowsOf<{ n: number }>(
            await tx.execute(
              sql`select portal_company_name_outstanding(${d.companyId}, ${d.pendingName}, array[${approvers}]::account_status[]) as n`,
            ),
          );
          const outstanding = Number(left?.n ?? 0);
          if (outstanding > 0) return { outcome: 'waiting', outstanding };
        }
        await tx
          .update(companies)
          .set({
            ...(d.decision === 'Approved' ? { name: d.pendingName } : {}),
            pendingName: null,
            pendingNameAt: null,
          })
          .where(eq(companies.accountId, d.companyId));
        await insertNotifications(tx, [d.notice]);
        await enqueueEmails(tx, d.emails);
        return { outcome: 'decided' };
      });
    },

    /** The company's standing at a college; null when it never asked there. */
    async standing(companyId: string, college: number) {
      const [row] = await db
        .select()
        .from(companyColleges)
        .where(and(eq(companyColleges.companyId, companyId), eq(companyColleges.collegeId, college)));
      return row ?? null;
    },

    /** Every college of the deployment with the company's standing there (null: not asked). */
    collegesFor(companyId: string) {
      return db
        .select({
          id: colleges.id,
          slug: colleges.slug,
          name: colleges.name,
          status: companyColleges.status,
          statusReason: companyColleges.statusReason,
        })
        .from(colleges)
        .leftJoin(
          companyColleges,
          and(eq(companyColleges.collegeId, colleges.id), eq(companyColleges.companyId, companyId)),
        )
        .orderBy(asc(colleges.id));
    },

    /**
     * The company asks a college to let it recruit there, with a notice to each of that college's
     * staff (`notice` writes it for one): false when it had asked already (the primary key decides).
     */
    async ask(companyId: string, college: number, notice: (staffId: string) => NewNotification) {
      return db.transaction(async (tx) => {
        const [asked] = await tx
          .insert(companyColleges)
          .values({ companyId, collegeId: college, status: 'Pending' })
          .onConflictDoNothing()
          .returning({ id: companyColleges.companyId });
        if (!asked) return false;
        const staff = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(
            and(
              eq(accounts.role, 'college-staff'),
              eq(accounts.collegeId, college),
              eq(accounts.status, 'Allowed'),
            ),
          );
        await insertNotifications(
          tx,
          staff.map((s) => notice(s.id)),
        );
        return true;
      });
    },

    async findById(accountId: string) {
      const [row] = await db
        .select({ account: accountColumns, company: companies })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(eq(companies.accountId, accountId));
      return row ?? null;
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
