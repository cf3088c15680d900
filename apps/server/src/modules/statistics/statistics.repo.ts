import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currentCollege, perScope } from '../../db/college-scope.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import {
  applications,
  collegeChangeCounts,
  collegeChanges,
  noShows,
  offers,
  programmes,
  students,
} from '../../db/schema.ts';

/**
 * The college's figures. Every read names the college (the request's, see db/college-scope.ts) as
 * row-level security also does; applications and offers carry their student's college, so each
 * count reads one college's part of an index.
 */
export function createStatisticsRepo(db: Database) {
  /** Each student's best accepted offer (its package); students who accepted none have no row. */
  const best = db
    .select({ studentId: offers.studentId, package: sql<number>`max(${offers.package})`.as('best_package') })
    .from(offers)
    .where(and(eq(offers.collegeId, currentCollege), eq(offers.state, 'Accepted')))
    .groupBy(offers.studentId)
    .as('best');
  /**
   * Placed means what the staff's record says about the student: at least one Accepted offer, or
   * marked placed by staff (a placement the college learnt of outside the portal). The offer side
   * keeps `is_placed` in step with the accepted offers; reading both keeps the count right for
   * records staff marked by hand. A placed student's package is their best accepted offer's, or
   * the one staff entered.
   */
  const perStudent = db
    .select({
      programmeId: students.programmeId,
      yearOfPassing: students.yearOfPassing,
      placed: sql<boolean>`(${students.isPlaced} or ${best.package} is not null)`.as('placed'),
      package: sql<number | null>`coalesce(${best.package}, ${students.packageOffered})`.as('package'),
    })
    .from(students)
    .leftJoin(best, eq(best.studentId, students.accountId))
    .where(eq(students.collegeId, currentCollege))
    .as('per_student');
  const placed = sql<number>`(count(*) filter (where ${perStudent.placed}))::int`;

  // Every staff statistics and home request asks it: prepared once per scope (unprepared, its
  // planning was 0.6 ms of PostgreSQL's time, the rest 0.05).
  const changeCountStatement = perScope(() =>
    db
      .select({
        n: sql<string>`coalesce((select ${collegeChangeCounts.folded} from ${collegeChangeCounts} where ${collegeChangeCounts.collegeId} = ${currentCollege}), 0)
            + (select count(*) from ${collegeChanges} where ${collegeChanges.collegeId} = ${currentCollege})`,
      })
      .from(sql`(select 1) as one`)
      .prepare('college_change_count'),
  );

  return {
    /**
     * How many times what the college's figures read has changed (migration 0040): the changes
     * folded so far and those still listed, in one statement (one snapshot), so a fold moving rows
     * from one to the other never shows a lower count.
     */
    async changeCount(): Promise<number> {
      const [row] = await changeCountStatement().execute();
      return Number(row!.n);
    },

    async totals() {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          placed,
          highest: sql<number | null>`max(${perStudent.package}) filter (where ${perStudent.placed})`,
          average: sql<number | null>`avg(${perStudent.package}) filter (where ${perStudent.placed})`,
          median: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${perStudent.package}) filter (where ${perStudent.placed})`,
        })
        .from(perStudent);
      return row!;
    },

    /**
     * Students and placed students only (the homes' figures), from indexes rather than every
     * student's row: the college's students, those marked placed (a partial index), and those
     * with an accepted offer not marked (few: accepting an offer marks the student placed, so only
     * staff undoing the mark leaves one).
     */
    async headcount() {
      // Plain SQL with qualified names: inside a raw subquery Drizzle writes its columns unqualified.
      const [row] = await db
        .select({
          total: sql<number>`(select count(*)::int from students s where s.college_id = ${currentCollege})`,
          placed: sql<number>`((select count(*) from students s where s.college_id = ${currentCollege} and s.is_placed)
            + (select count(distinct o.student_id) from offers o
               join students s on s.account_id = o.student_id and not s.is_placed
               where o.college_id = ${currentCollege} and o.state = 'Accepted'))::int`,
        })
        .from(sql`(select 1) as one`);
      return row!;
    },

    /**
     * The `limit` most common programmes, by degree and branch (each student counted once, under
     * their current programme), with placed counts; students without one under a null degree.
     */
    byProgramme(limit: number) {
      return db
        .select({
          degree: sql<string | null>`${programmes.degree}`,
          branch: sql<string | null>`${programmes.branch}`,
          total: sql<number>`count(*)::int`,
          placed,
        })
        .from(perStudent)
        .leftJoin(programmes, eq(programmes.id, perStudent.programmeId))
        .groupBy(programmes.degree, programmes.branch)
        .orderBy(sql`count(*) desc`, programmes.degree, programmes.branch)
        .limit(limit);
    },

    byYear() {
      return db
        .select({ year: sql<number>`${perStudent.yearOfPassing}`, total: sql<number>`count(*)::int`, placed })
        .from(perStudent)
        .where(sql`${perStudent.yearOfPassing} is not null`)
        .groupBy(perStudent.yearOfPassing)
        .orderBy(perStudent.yearOfPassing);
    },

    applicationsByStage() {
      return db
        .select({ stage: applications.stage, n: count() })
        .from(applications)
        .where(eq(applications.collegeId, currentCollege))
        .groupBy(applications.stage);
    },

    /** Drive-day no-shows marked, and those waived. */
    async noShowCounts() {
      const [row] = await db
        .select({
          marked: sql<number>`count(*)::int`,
          waived: sql<number>`(count(*) filter (where ${noShows.waivedAt} is not null))::int`,
        })
        .from(noShows)
        .innerJoin(students, eq(students.accountId, noShows.studentId))
        .where(eq(students.collegeId, currentCollege));
      return row!;
    },

    /** Offers made in all, and those accepted, declined, lapsed and still waiting for an answer. */
    async offerCounts() {
      const [row] = await db
        .select({
          made: sql<number>`count(*)::int`,
          waiting: sql<number>`(count(*) filter (where ${offers.state} = 'Offered'))::int`,
          accepted: sql<number>`(count(*) filter (where ${offers.state} = 'Accepted'))::int`,
          declined: sql<number>`(count(*) filter (where ${offers.state} = 'Declined'))::int`,
          lapsed: sql<number>`(count(*) filter (where ${offers.state} = 'Lapsed'))::int`,
        })
        .from(offers)
        .where(eq(offers.collegeId, currentCollege));
      return row!;
    },

    /**
     * Placed students counted per package band: `bounds` are the tiers' lower bounds, lowest first
     * (the first is 0). A placed student without a package counts in the lowest band.
     */
    async placedPerBand(bounds: number[]): Promise<number[]> {
      const bands = bounds.map((min, i) => {
        const next = bounds[i + 1];
        const upper = next === undefined ? sql`true` : sql`${perStudent.package} < ${next}::float8`;
        const lower = i === 0 ? sql`true` : sql`${perStudent.package} >= ${min}::float8`;
        const noPackage = i === 0 ? sql`${perStudent.package} is null` : sql`false`;
        return sql<number>`(count(*) filter (where ${perStudent.placed} and ((${lower} and ${upper}) or ${noPackage})))::int`;
      });
      const [row] = await db
        .select(Object.fromEntries(bands.map((band, i) => [`band${i}`, band])))
        .from(perStudent);
      return bands.map((_, i) => Number(row?.[`band${i}`] ?? 0));
    },
  };
}
export type StatisticsRepo = ReturnType<typeof createStatisticsRepo>;

/**
 * Folds the change rows older than `before` into each college's count (the `college-changes`
 * worker), in one statement: a reader sees the rows or the count, never neither. Rows of
 * transactions not yet committed are not seen here and stay. Returns how many were folded.
 */
export async function foldCollegeChanges(db: Database, before: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
    with folded as (
      delete from college_changes where created_at < ${before.toISOString()}::timestamptz returning college_id
    ), per_college as (
      insert into college_change_counts (college_id, folded)
      select college_id, count(*) from folded group by college_id
      on conflict (college_id) do update set folded = college_change_counts.folded + excluded.folded
      returning folded
    )
    select (select count(*) from folded)::int as n`),
  );
  return Number(row?.n ?? 0);
}
