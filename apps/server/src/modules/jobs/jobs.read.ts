import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currentCollege, unwalled } from '../../db/college-scope.ts';
import { accounts, companies, companyColleges, jobColleges, jobs } from '../../db/schema.ts';

/**
 * Open, deadline not passed, of a company some placement cell approved and has not suspended (the
 * account's summary of its standing at its colleges); `listedAt` says which colleges list it.
 */
const listedJob = (today: string) =>
  and(eq(jobs.status, 'Open'), gte(jobs.applicationDeadline, today), eq(accounts.status, 'Allowed'));

/** The colleges whose students see the job: those it is posted to that allow its company. */
const listedAt = (college?: typeof currentCollege) =>
  sql`select ${jobColleges.collegeId} from ${jobColleges}
      join ${companyColleges} on ${companyColleges.companyId} = ${jobs.companyId}
        and ${companyColleges.collegeId} = ${jobColleges.collegeId} and ${companyColleges.status} = 'Allowed'
      where ${jobColleges.jobId} = ${jobs.id}${college ? sql` and ${jobColleges.collegeId} = ${college}` : sql``}`;

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
      // Every college's listings (a copy shared by all students reads it): past the walls.
      return unwalled(
        async () =>
          await db
            .select({
              job: jobs,
              companyName: companies.name,
              listedAt: sql<number[]>`array(${listedAt()} order by 1)`,
            })
            .from(jobs)
            .innerJoin(companies, eq(companies.accountId, jobs.companyId))
            .innerJoin(accounts, eq(accounts.id, companies.accountId))
            .where(listedJob(today))
            .orderBy(asc(companies.name), desc(jobs.createdAt)),
      );
    },

    /**
     * The job with its company's name and whether the college of the work under way (a student's
     * own) lists it; null when there is no such job.
     */
    async findWithCompany(jobId: string) {
      const [row] = await db
        .select({
          job: jobs,
          companyName: companies.name,
          listedHere: sql<boolean>`exists (${listedAt(currentCollege)})`,
        })
        .from(jobs)
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(eq(jobs.id, jobId));
      return row ?? null;
    },
  };
}
export type JobsReader = ReturnType<typeof createJobsReader>;
