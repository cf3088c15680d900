import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, applications, companies, jobs, notifications, students } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function createJobsRepo(db: Database) {
  return {
    async insert(job: NewJob): Promise<JobRow> {
      const [row] = await db.insert(jobs).values(job).returning();
      return row!;
    },

    /** The company's jobs, newest first, with their applications counted per stage. */
    async listWithStageCounts(companyId: string) {
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

    /** Changes a job of this company; null when the company has no job with that id. */
    async update(companyId: string, jobId: string, fields: Partial<NewJob>): Promise<JobRow | null> {
      const [row] = await db
        .update(jobs)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
        .returning();
      return row ?? null;
    },

    /**
     * Tells every allowed student the job is open to, in one statement (a college may hold
     * 100,000 students): CGPA, degree (any case) and year of passing as the job requires.
     */
    /** Tells each student in good standing who may apply (verified only, when `verifiedOnly`). */
    async notifyEligibleStudents(job: JobRow, sender: string, verifiedOnly: boolean) {
      // Array literals are written inline (the two drivers bind arrays differently): degrees are
      // validated text with every quote doubled, years are validated integers.
      const degrees = job.eligibleDegrees.map((d) => d.trim().toLowerCase());
      await db.execute(sql`
        insert into ${notifications} (account_id, sender, title, body)
        select s.account_id, ${sender}, ${'New job: ' + job.role},
               ${`${sender} is hiring for ${job.role}. Apply by ${job.applicationDeadline}.`}
        from ${students} s join ${accounts} a on a.id = s.account_id
        where a.status = 'Allowed'
          and (not ${verifiedOnly} or s.academics_verified_at is not null)
          and (${job.minCgpa}::float8 is null or s.cgpa >= ${job.minCgpa}::float8)
          and (${degrees.length === 0} or exists (
                select 1 from unnest(s.degrees) d where lower(trim(d)) = any(${sql.raw(`array[${degrees.map((d) => `'${d.replaceAll("'", "''")}'`).join(',') || "''"}]::text[]`)})))
          and (${job.eligibleYears.length === 0} or s.year_of_passing = any(${sql.raw(`array[${job.eligibleYears.map(Number).join(',') || '0'}]::int[]`)}))`);
    },

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
        .where(
          and(eq(jobs.status, 'Open'), gte(jobs.applicationDeadline, today), eq(accounts.status, 'Allowed')),
        )
        .orderBy(asc(companies.name), desc(jobs.createdAt));
    },

    /** One company's open jobs whose deadline is today or later. */
    listOpenOf(companyId: string, today: string) {
      return db
        .select()
        .from(jobs)
        .where(
          and(eq(jobs.companyId, companyId), eq(jobs.status, 'Open'), gte(jobs.applicationDeadline, today)),
        )
        .orderBy(asc(jobs.createdAt));
    },

    /** The company's name and account status; null when there is no such company. */
    async company(companyId: string) {
      const [row] = await db
        .select({ name: companies.name, status: accounts.status })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(eq(companies.accountId, companyId));
      return row ?? null;
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
