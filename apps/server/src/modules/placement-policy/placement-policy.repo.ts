import { desc } from 'drizzle-orm';
import type { PlacementPolicy } from '@portal/contracts/placement-policy';
import type { Database } from '../../db/client.ts';
import { placementPolicies } from '../../db/schema.ts';

export type PolicyRow = typeof placementPolicies.$inferSelect;

export function createPlacementPolicyRepo(db: Database) {
  return {
    /** The version in force: the highest (migration 0009 stores version 1). */
    async current(): Promise<PolicyRow | null> {
      const [row] = await db
        .select()
        .from(placementPolicies)
        .orderBy(desc(placementPolicies.version))
        .limit(1);
      return row ?? null;
    },

    /** Every version, newest first. */
    async history(): Promise<PolicyRow[]> {
      return db.select().from(placementPolicies).orderBy(desc(placementPolicies.version));
    },

    /**
     * Stores the policy as the version after `expectedVersion`; null when someone saved another
     * version meanwhile (the primary key refuses a second row with the same number).
     */
    async insertVersion(
      expectedVersion: number,
      policy: PlacementPolicy,
      by: { id: string; name: string },
    ): Promise<PolicyRow | null> {
      const rows = await db
        .insert(placementPolicies)
        .values({ version: expectedVersion + 1, ...policy, createdById: by.id, createdByName: by.name })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type PlacementPolicyRepo = ReturnType<typeof createPlacementPolicyRepo>;
