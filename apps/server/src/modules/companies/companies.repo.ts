import { and, asc, count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { AccountStatus, CompanyStatus } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { accounts, applications, companies, companyStatusChanges, jobs } from '../../db/schema.ts';
import { enqueueAnnouncements, type NewAnnouncement } from '../announcements/announcements.repo.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox.repo.ts';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repo.ts';

/** A decision about a company's account, with what it tells the recruiter. */
export type StatusChange = {
  companyId: string;
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

const whereCompanies = (filter: { companyId?: string; status?: CompanyStatus }) =>
  and(
    filter.companyId ? eq(companies.accountId, filter.companyId) : undefined,
    filter.status ? eq(accounts.status, filter.status) : undefined,
  );

export function createCompaniesRepo(db: Database) {
  const jobCounts = db
    .select({ companyId: jobs.companyId, jobs: count().as('job_count') })
    .from(jobs)
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
          account: accounts,
          company: companies,
          jobs: sql<number>`coalesce(${jobCounts.jobs}, 0)::int`,
          applicants: sql<number>`coalesce(${applicantCounts.applicants}, 0)::int`,
        })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .leftJoin(jobCounts, eq(jobCounts.companyId, companies.accountId))
        .leftJoin(applicantCounts, eq(applicantCounts.companyId, companies.accountId))
        .where(whereCompanies(filter))
        .orderBy(
          desc(sql`${accounts.status} = 'Pending'`),
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
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
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
        const changed = await tx
          .update(accounts)
          .set({ status: c.to, updatedAt: new Date() })
          .where(and(eq(accounts.id, c.companyId), eq(accounts.role, 'company'), eq(accounts.status, c.from)))
          .returning({ id: accounts.id });
        if (changed.length === 0) return false;
        await tx
          .update(companies)
          .set({ statusReason: c.reason })
          .where(eq(companies.accountId, c.companyId));
        await tx.insert(companyStatusChanges).values({
          companyId: c.companyId,
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

    /** The newest `limit` decisions about the company. */
    statusHistory(companyId: string, limit: number) {
      return db
        .select()
        .from(companyStatusChanges)
        .where(eq(companyStatusChanges.companyId, companyId))
        .orderBy(desc(companyStatusChanges.createdAt), desc(companyStatusChanges.id))
        .limit(limit);
    },

    async updateProfile(
      accountId: string,
      p: { firstName: string; lastName: string; phone: string; staffID: string; company: string },
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ firstName: p.firstName, lastName: p.lastName, phone: p.phone, updatedAt: new Date() })
          .where(eq(accounts.id, accountId));
        await tx
          .update(companies)
          .set({ staffId: p.staffID, name: p.company })
          .where(eq(companies.accountId, accountId));
      });
    },

    async findById(accountId: string) {
      const [row] = await db
        .select({ account: accounts, company: companies })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(eq(companies.accountId, accountId));
      return row ?? null;
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
