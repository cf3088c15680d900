import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, companies, jobs } from '../../db/schema.ts';

/** Open, deadline not passed, of a company the placement cell approved and has not suspended. */
const listedJob = (today: string) =>
  and(eq(jobs.status, 'Open'), gte(jobs.applicationDeadline, today), eq(accounts.status, 'Allowed'));

/**
 * What other modules read of jobs: a job with its company (Apply, the pipeline, messages to a stage)
 * and the jobs open today (the vacancy list, the placement policy's dry run).
 */
export function createJobsReader(db: Database) {
  return {
    /**
     * Open jobs whose deadline is today or later, of companies the placement cell approved and has
     * not suspended (Allowed).
     */
    listOpen(today: string) {
      return db
        .select({ job: jobs, companyName: companies.name })
        .from(jobs)
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(listedJob(today))
        .orderBy(asc(companies.name), desc(jobs.createdAt));
    },

    /** The job with its company's name and account status; null when there is no such job. */
    async findWithCompany(jobId: string) {
      const [row] = await db
        .select({ job: jobs, companyName: companies.name, companyStatus: accounts.status })
        .from(jobs)
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(eq(jobs.id, jobId));
      return row ?? null;
    },
  };
}
export type JobsReader = ReturnType<typeof createJobsReader>;
