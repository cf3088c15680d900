import { asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, applications, companies, jobs } from '../../db/schema.ts';

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
    /** Every company with its recruiter, its number of jobs and of distinct applicants, by name. */
    async summaries(companyId?: string) {
      const query = db
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
        .orderBy(asc(sql`lower(${companies.name})`), asc(companies.accountId));
      return companyId ? query.where(eq(companies.accountId, companyId)) : query;
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
