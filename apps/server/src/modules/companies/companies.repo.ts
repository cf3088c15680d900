import { asc, count, countDistinct, desc, eq, sql } from 'drizzle-orm';
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

    /** The company's jobs, newest first, with their applications counted per stage. */
    async jobsWithStageCounts(companyId: string) {
      const [jobRows, counts] = await Promise.all([
        db.select().from(jobs).where(eq(jobs.companyId, companyId)).orderBy(desc(jobs.createdAt)),
        db
          .select({ jobId: applications.jobId, stage: applications.stage, n: count() })
          .from(applications)
          .innerJoin(jobs, eq(jobs.id, applications.jobId))
          .where(eq(jobs.companyId, companyId))
          .groupBy(applications.jobId, applications.stage),
      ]);
      return { jobRows, counts };
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
