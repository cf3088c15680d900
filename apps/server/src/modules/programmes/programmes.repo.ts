import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { currentCollege } from '../../db/college-scope.ts';
import type { DegreeLevel } from '@portal/contracts/programmes';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import {
  accounts,
  companyColleges,
  degreeMappings,
  jobColleges,
  jobs,
  programmes,
  studentAuditLog,
  students,
} from '../../db/schema.ts';

export type ProgrammeValues = {
  code: string;
  level: DegreeLevel;
  degree: string;
  branch: string;
  durationYears: number;
};

const withCount = {
  programme: programmes,
  students: sql<number>`(select count(*)::int from ${students} where ${students.programmeId} = ${programmes.id})`,
};

/** The request's college's programmes (row-level security admits no others either). */
const ofThisCollege = eq(programmes.collegeId, currentCollege);

export function createProgrammesRepo(db: Database) {
  return {
    list() {
      return db
        .select(withCount)
        .from(programmes)
        .where(ofThisCollege)
        .orderBy(asc(programmes.degree), asc(programmes.branch));
    },

    /** The programmes of these colleges (a company's: it recruits at several), by degree and branch. */
    listAt(colleges: readonly number[]) {
      if (colleges.length === 0) return Promise.resolve([]);
      return db
        .select(withCount)
        .from(programmes)
        .where(inArray(programmes.collegeId, [...colleges]))
        .orderBy(asc(programmes.degree), asc(programmes.branch), asc(programmes.collegeId));
    },

    /** The company's standing at each college it asked to recruit at. */
    companyStandings(companyId: string) {
      return db
        .select({ id: companyColleges.collegeId, status: companyColleges.status })
        .from(companyColleges)
        .where(eq(companyColleges.companyId, companyId));
    },

    async find(id: string) {
      const [row] = await db
        .select(withCount)
        .from(programmes)
        .where(and(ofThisCollege, eq(programmes.id, id)));
      return row ?? null;
    },

    async findByCode(code: string) {
      const [row] = await db
        .select(withCount)
        .from(programmes)
        .where(and(ofThisCollege, eq(programmes.code, code)));
      return row ?? null;
    },

    /**
     * Whether a job posted to this college targets the programme by its code (another college's
     * job naming the same code means that college's programme).
     */
    async targetedByJobs(code: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(jobs)
        .innerJoin(jobColleges, eq(jobColleges.jobId, jobs.id))
        .where(
          and(
            eq(jobColleges.collegeId, currentCollege),
            sql`${`programme:${code}`} = any(${jobs.eligibleProgrammes})`,
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    /** Inserts; null when the code is taken. */
    async insert(values: ProgrammeValues) {
      const [row] = await db
        .insert(programmes)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: programmes.id });
      return row?.id ?? null;
    },

    async update(id: string, values: ProgrammeValues) {
      const [row] = await db
        .update(programmes)
        .set(values)
        .where(and(ofThisCollege, eq(programmes.id, id)))
        .returning({ id: programmes.id });
      return row?.id ?? null;
    },

    async setRetired(id: string, at: Date | null) {
      const [row] = await db
        .update(programmes)
        .set({ retiredAt: at })
        .where(and(ofThisCollege, eq(programmes.id, id)))
        .returning({ id: programmes.id });
      return row?.id ?? null;
    },

    /** Adds and updates (by code) a whole catalogue in one transaction. */
    async upsertAll(rows: ProgrammeValues[]): Promise<{ created: number; updated: number }> {
      return db.transaction(async (tx) => {
        let created = 0;
        let updated = 0;
        for (const values of rows) {
          const [existing] = await tx
            .select({ id: programmes.id })
            .from(programmes)
            .where(and(ofThisCollege, eq(programmes.code, values.code)));
          if (existing) {
            await tx.update(programmes).set(values).where(eq(programmes.id, existing.id));
            updated += 1;
          } else {
            await tx.insert(programmes).values(values);
            created += 1;
          }
        }
        await remapUnmapped(tx);
        return { created, updated };
      });
    },

    /** Students without a programme whose degrees a catalogue change now names get it (the trigger decides). */
    remapUnmapped: () => remapUnmapped(db),

    /** Degree texts of students with no programme, most held first. */
    async unmapped(limit: number) {
      return rowsOf<{ text: string; students: number }>(
        await db.execute(sql`
          select min(d.text) as text, count(distinct ${students.accountId})::int as students
          from ${students} cross join lateral unnest(${students.degrees}) d(text)
          where ${students.programmeId} is null and degree_match_key(d.text) <> ''
          group by degree_match_key(d.text)
          order by students desc, text
          limit ${limit}`),
      );
    },

    /**
     * Maps a degree text to a programme: kept for later writers, and every student without a
     * programme who wrote it gets it, each with an audit row. Resolves to how many students.
     */
    async map(
      text: string,
      key: string,
      programmeId: string,
      programmeLabel: string,
      actor: { id: string; name: string },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx
          .insert(degreeMappings)
          .values({ textKey: key, text, programmeId, mappedById: actor.id })
          .onConflictDoUpdate({
            target: [degreeMappings.collegeId, degreeMappings.textKey],
            set: { text, programmeId, mappedById: actor.id },
          });
        // Rewriting the degrees runs the trigger, which now finds the mapping.
        const changed = await tx
          .update(students)
          .set({ degrees: sql`${students.degrees}`, version: sql`${students.version} + 1` })
          .where(
            and(
              isNull(students.programmeId),
              sql`exists (select 1 from unnest(${students.degrees}) d(text) where degree_match_key(d.text) = ${key})`,
            ),
          )
          .returning({ id: students.accountId, programmeId: students.programmeId });
        const mapped = changed.filter((c) => c.programmeId !== null);
        if (mapped.length > 0) {
          await tx.insert(studentAuditLog).values(
            mapped.map((c) => ({
              studentId: c.id,
              actorId: actor.id,
              actorName: actor.name,
              field: 'Programme',
              oldValue: '',
              newValue: programmeLabel,
            })),
          );
        }
        return mapped.length;
      });
    },

    /** How many students in good standing the condition (`eligibleStudentSql`) matches. */
    /** The students of these colleges, in good standing, that `condition` admits. */
    async countEligible(condition: SQL, colleges: readonly number[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(and(inArray(accounts.collegeId, [...colleges]), eq(accounts.status, 'Allowed'), condition));
      return row?.n ?? 0;
    },
  };
}

async function remapUnmapped(db: Pick<Database, 'update'>) {
  await db
    .update(students)
    .set({ degrees: sql`${students.degrees}` })
    .where(and(isNull(students.programmeId), sql`cardinality(${students.degrees}) > 0`));
}

export type ProgrammesRepo = ReturnType<typeof createProgrammesRepo>;
