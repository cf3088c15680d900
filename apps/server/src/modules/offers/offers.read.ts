import { and, eq, inArray } from 'drizzle-orm';
import type { StageChange } from '@portal/contracts/applications';
import type { Offer } from '@portal/contracts/offers';
import type { Database } from '../../db/client.ts';
import { type applicationEvents, jobs, offers } from '../../db/schema.ts';

/** An offer as students, companies and staff read it. */
export const toOffer = (row: typeof offers.$inferSelect): Offer => ({
  state: row.state,
  package: row.package,
  decideBy: row.decideBy,
  tier: row.tierName,
  reason: row.reason,
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** An application event as its history shows it: a stage reached, or a change of its offer. */
export const toStageChange = (e: typeof applicationEvents.$inferSelect): StageChange => ({
  stage: e.stage,
  at: e.createdAt.toISOString(),
  by: e.actorName,
  ...(e.offerState ? { offerState: e.offerState } : {}),
  ...(e.note ? { note: e.note } : {}),
});

/**
 * The students' Accepted offers with the package and the type of job each is for, on the database
 * or inside a transaction: what the placement policy's rule reads of a student's offers.
 */
export async function acceptedOffersOf(db: Pick<Database, 'select'>, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({ studentId: offers.studentId, package: offers.package, jobType: jobs.type })
    .from(offers)
    .innerJoin(jobs, eq(jobs.id, offers.jobId))
    .where(and(inArray(offers.studentId, studentIds), eq(offers.state, 'Accepted')));
}

/** What other modules read of offers: the placement policy, each student's Accepted offers. */
export function createOffersReader(db: Database) {
  return {
    acceptedFor: (studentIds: string[]) => acceptedOffersOf(db, studentIds),
  };
}
export type OffersReader = ReturnType<typeof createOffersReader>;
