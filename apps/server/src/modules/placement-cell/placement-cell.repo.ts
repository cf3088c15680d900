import { eq, sql } from 'drizzle-orm';
import { currentCollege } from '../../db/college-scope.ts';
import type { PlacementCell } from '@portal/contracts/placement-cell';
import type { Database } from '../../db/client.ts';
import { collegeSettings } from '../../db/schema.ts';

/** The placement cell's settings share the college's one settings row. */

export function createPlacementCellRepo(db: Database) {
  return {
    async details() {
      const [row] = await db
        .select({
          name: collegeSettings.placementCellName,
          address: collegeSettings.placementCellAddress,
          email: collegeSettings.placementCellEmail,
          phone: collegeSettings.placementCellPhone,
        })
        .from(collegeSettings)
        .where(eq(collegeSettings.id, currentCollege));
      return row;
    },

    async save(cell: PlacementCell, updatedById: string) {
      const set = {
        placementCellName: cell.name,
        placementCellAddress: cell.address,
        placementCellEmail: cell.email,
        placementCellPhone: cell.phone,
        updatedById,
        updatedAt: sql`now()`,
      };
      await db
        .insert(collegeSettings)
        .values({ id: currentCollege, ...set })
        .onConflictDoUpdate({ target: collegeSettings.id, set });
    },
  };
}
export type PlacementCellRepo = ReturnType<typeof createPlacementCellRepo>;
