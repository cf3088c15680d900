import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, students } from '../../db/schema.ts';

const placed = sql<number>`(count(*) filter (where ${students.isPlaced}))::int`;

export function createStatisticsRepo(db: Database) {
  return {
    async totals() {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          placed,
          highest: sql<number | null>`max(${students.packageOffered}) filter (where ${students.isPlaced})`,
          average: sql<number | null>`avg(${students.packageOffered}) filter (where ${students.isPlaced})`,
          median: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${students.packageOffered}) filter (where ${students.isPlaced})`,
        })
        .from(students);
      return row!;
    },

    byDegree() {
      const degree = sql<string>`unnest(${students.degrees})`.as('degree');
      const expanded = db.select({ degree, isPlaced: students.isPlaced }).from(students).as('expanded');
      return db
        .select({
          degree: expanded.degree,
          total: sql<number>`count(*)::int`,
          placed: sql<number>`(count(*) filter (where ${expanded.isPlaced}))::int`,
        })
        .from(expanded)
        .groupBy(expanded.degree)
        .orderBy(expanded.degree);
    },

    byYear() {
      return db
        .select({ year: sql<number>`${students.yearOfPassing}`, total: sql<number>`count(*)::int`, placed })
        .from(students)
        .where(sql`${students.yearOfPassing} is not null`)
        .groupBy(students.yearOfPassing)
        .orderBy(students.yearOfPassing);
    },

    applicationsByStage() {
      return db
        .select({ stage: applications.stage, n: count() })
        .from(applications)
        .groupBy(applications.stage);
    },
  };
}
export type StatisticsRepo = ReturnType<typeof createStatisticsRepo>;
