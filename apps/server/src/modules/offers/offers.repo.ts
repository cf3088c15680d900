import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobs, offers } from '../../db/schema.ts';

export function createOffersRepo(db: Database) {
  return {
    /** The students' Accepted offers with the package and the type of job each is for. */
    async acceptedFor(studentIds: string[]) {
      if (studentIds.length === 0) return [];
      return db
        .select({ studentId: offers.studentId, package: offers.package, jobType: jobs.type })
        .from(offers)
        .innerJoin(jobs, eq(jobs.id, offers.jobId))
        .where(and(inArray(offers.studentId, studentIds), eq(offers.state, 'Accepted')));
    },
  };
}
export type OffersRepo = ReturnType<typeof createOffersRepo>;
