import { and, asc, desc, eq, gte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, companies, jobs } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function createJobsRepo(db: Database) {
  return {
    async insert(job: NewJob): Promise<JobRow> {
      const [row] = await db.insert(jobs).values(job).returning();
      return row!;
    },

    listByCompany(companyId: string): Promise<JobRow[]> {
      return db.select().from(jobs).where(eq(jobs.companyId, companyId)).orderBy(desc(jobs.createdAt));
    },

    /** Open jobs whose deadline is today or later, of companies that are not suspended. */
    listOpen(today: string) {
      return db
        .select({ job: jobs, companyName: companies.name })
        .from(jobs)
        .innerJoin(companies, eq(companies.accountId, jobs.companyId))
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(
          and(
            eq(jobs.status, 'Open'),
            gte(jobs.applicationDeadline, today),
            ne(accounts.status, 'Suspended'),
          ),
        )
        .orderBy(asc(companies.name), desc(jobs.createdAt));
    },

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
export type JobsRepo = ReturnType<typeof createJobsRepo>;
