import { and, asc, count, desc, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { perScope } from '../../db/college-scope.ts';
import { accounts, applications, companies, companyColleges, jobColleges, jobs } from '../../db/schema.ts';
import { enqueueAnnouncements, type NewAnnouncement } from '../announcements/announce.ts';
import { createJobsReader } from './jobs.read.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function createJobsRepo(db: Database) {
  const reader = createJobsReader(db);
  // A company's home and its Job Posts page ask this on every visit: prepared once per scope, and
  // one statement (the jobs, each with its applications counted per stage and its colleges) where
  // it was three, since each statement costs more in its round trip than in its reading.
  // Named with its table: a select from one table writes its columns unqualified.
  const jobId = sql`${jobs}.${sql.identifier(jobs.id.name)}`;
  const companyJobsStatement = perScope(() =>
    db
      .select({
        job: jobs,
        byStage: sql<[string, number][]>`coalesce((
          select json_agg(json_build_array(counted.stage, counted.n))
          from (select ${applications.stage} as stage, count(*) as n from ${applications}
                where ${applications.jobId} = ${jobId} group by ${applications.stage}) counted), '[]'::json)`,
        colleges: sql<number[]>`array(select ${jobColleges.collegeId} from ${jobColleges}
          where ${jobColleges.jobId} = ${jobId} order by 1)`,
      })
      .from(jobs)
      .where(eq(jobs.companyId, sql.placeholder('companyId')))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(sql.placeholder('limit'))
      .prepare('company_jobs'),
  );
  return {
    /** The open jobs (the read model's query, which the placement policy reads too). */
    listOpen: (today: string) => reader.listOpen(today),

    /**
     * Inserts the job, with its announcement when there is one, unless the company has already
     * posted `limit.max` jobs since `limit.since`: null then. The company's row is locked first, so
     * two posts at once are counted one after the other.
     */
    async insertWithinLimit(
      job: NewJob & { id: string },
      colleges: readonly number[],
      limit: { max: number; since: Date },
      announcement: NewAnnouncement | null,
    ): Promise<JobRow | null> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: companies.accountId })
          .from(companies)
          .where(eq(companies.accountId, job.companyId))
          .for('update');
        const [posted] = await tx
          .select({ n: count() })
          .from(jobs)
          .where(and(eq(jobs.companyId, job.companyId), gte(jobs.createdAt, limit.since)));
        if ((posted?.n ?? 0) >= limit.max) return null;
        const [row] = await tx.insert(jobs).values(job).returning();
        await tx.insert(jobColleges).values(colleges.map((collegeId) => ({ jobId: row!.id, collegeId })));
        if (announcement) await enqueueAnnouncements(tx, [announcement]);
        return row!;
      });
    },

    /**
     * The company's newest `limit` jobs, each with its applications counted per stage (the stages
     * that have any, as [stage, count]) and the colleges it is posted to, in order.
     */
    listWithStageCounts: (companyId: string, limit: number) =>
      companyJobsStatement().execute({ companyId, limit }),

    /** Changes a job of this company; null when the company has no job with that id. */
    async update(companyId: string, jobId: string, fields: Partial<NewJob>): Promise<JobRow | null> {
      const [row] = await db
        .update(jobs)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
        .returning();
      return row ?? null;
    },

    /** One company's open jobs whose deadline is today or later, posted to the college. */
    listOpenOf(companyId: string, today: string, college: number) {
      return db
        .select({ job: jobs })
        .from(jobs)
        .innerJoin(jobColleges, and(eq(jobColleges.jobId, jobs.id), eq(jobColleges.collegeId, college)))
        .where(
          and(eq(jobs.companyId, companyId), eq(jobs.status, 'Open'), gte(jobs.applicationDeadline, today)),
        )
        .orderBy(asc(jobs.createdAt))
        .then((rows) => rows.map((r) => r.job));
    },

    /**
     * The company's name and account status, and its standing at each college it asked; null when
     * there is no such company.
     */
    async company(companyId: string) {
      const [[row], standings] = await Promise.all([
        db
          .select({ name: companies.name, status: accounts.status })
          .from(companies)
          .innerJoin(accounts, eq(accounts.id, companies.accountId))
          .where(eq(companies.accountId, companyId)),
        db
          .select({ id: companyColleges.collegeId, status: companyColleges.status })
          .from(companyColleges)
          .where(eq(companyColleges.companyId, companyId))
          .orderBy(asc(companyColleges.collegeId)),
      ]);
      return row ? { ...row, colleges: standings } : null;
    },

    /** The colleges a job of this company is posted to; null when the company has no such job. */
    async collegesOf(companyId: string, jobId: string): Promise<number[] | null> {
      const rows = await db
        .select({ id: jobColleges.collegeId })
        .from(jobs)
        .leftJoin(jobColleges, eq(jobColleges.jobId, jobs.id))
        .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
        .orderBy(asc(jobColleges.collegeId));
      return rows.length === 0 ? null : rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    },

    /** Posts a job of this company to exactly these colleges (an edit naming its colleges). */
    async setColleges(companyId: string, jobId: string, colleges: readonly number[]) {
      await db.transaction(async (tx) => {
        const [own] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
        if (!own) return;
        await tx
          .delete(jobColleges)
          .where(and(eq(jobColleges.jobId, jobId), notInArray(jobColleges.collegeId, [...colleges])));
        await tx
          .insert(jobColleges)
          .values(colleges.map((collegeId) => ({ jobId, collegeId })))
          .onConflictDoNothing();
      });
    },
  };
}
export type JobsRepo = ReturnType<typeof createJobsRepo>;
