import { eq, sql } from 'drizzle-orm';
import { accountColumns } from '../../db/account-columns.ts';
import type { Database } from '../../db/client.ts';
import { accounts, staffMembers } from '../../db/schema.ts';

export function createStaffRepo(db: Database) {
  return {
    async updateProfile(
      accountId: string,
      p: { firstName: string; lastName: string; phone: string; staffID: string },
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ firstName: p.firstName, lastName: p.lastName, phone: p.phone, updatedAt: sql`now()` })
          .where(eq(accounts.id, accountId));
        await tx
          .update(staffMembers)
          .set({ staffId: p.staffID })
          .where(eq(staffMembers.accountId, accountId));
      });
    },

    async findById(accountId: string) {
      const [row] = await db
        .select({ account: accountColumns, staff: staffMembers })
        .from(staffMembers)
        .innerJoin(accounts, eq(accounts.id, staffMembers.accountId))
        .where(eq(staffMembers.accountId, accountId));
      return row ?? null;
    },
  };
}
export type StaffRepo = ReturnType<typeof createStaffRepo>;
