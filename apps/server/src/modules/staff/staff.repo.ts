import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, staffMembers } from '../../db/schema.ts';

export function createStaffRepo(db: Database) {
  return {
    async findById(accountId: string) {
      const [row] = await db
        .select({ account: accounts, staff: staffMembers })
        .from(staffMembers)
        .innerJoin(accounts, eq(accounts.id, staffMembers.accountId))
        .where(eq(staffMembers.accountId, accountId));
      return row ?? null;
    },
  };
}
export type StaffRepo = ReturnType<typeof createStaffRepo>;
