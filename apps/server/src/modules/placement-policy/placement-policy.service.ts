import {
  defaultPlacementPolicy,
  type PlacementPolicyVersion,
  type PolicyStudent,
} from '@portal/contracts/placement-policy';
import type { OffersRepo } from '../offers/offers.repo.ts';
import type { PlacementPolicyRepo, PolicyRow } from './placement-policy.repo.ts';

export const toPolicyVersion = (row: PolicyRow): PlacementPolicyVersion => ({
  version: row.version,
  maxAcceptedOffers: row.maxAcceptedOffers,
  tiers: row.tiers,
  higherTierAfterPlaced: row.higherTierAfterPlaced,
  internshipsCount: row.internshipsCount,
  decisionDays: row.decisionDays,
  by: row.createdByName,
  at: row.createdAt.toISOString(),
});

/** The placement policy in force and the facts about students it decides on. */
export function createPlacementPolicyService(deps: {
  placementPolicyRepo: PlacementPolicyRepo;
  offersRepo: OffersRepo;
}) {
  return {
    /** The version in force (the defaults, as version 1, should the table be empty). */
    async current(): Promise<PlacementPolicyVersion> {
      const row = await deps.placementPolicyRepo.current();
      return row
        ? toPolicyVersion(row)
        : { ...defaultPlacementPolicy, version: 1, by: 'Default policy', at: new Date(0).toISOString() };
    },

    /** Each student's accepted offers, as `policyRefusal` reads them. */
    async acceptedOffers(studentIds: string[]): Promise<Map<string, PolicyStudent['accepted']>> {
      const byStudent = new Map<string, PolicyStudent['accepted']>(studentIds.map((id) => [id, []]));
      for (const row of await deps.offersRepo.acceptedFor(studentIds)) {
        byStudent.get(row.studentId)?.push({ package: row.package, jobType: row.jobType });
      }
      return byStudent;
    },
  };
}
export type PlacementPolicyService = ReturnType<typeof createPlacementPolicyService>;
