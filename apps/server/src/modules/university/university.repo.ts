import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, universityDirectors } from '../../db/schema.ts';

export function createUniversityRepo(db: Database) {
  return {
    async isDirector(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: universityDirectors.accountId })
        .from(universityDirectors)
        .where(eq(universityDirectors.accountId, accountId));
      return row !== undefined;
    },

    /** Makes the staff account with this email a director; null when there is no such staff account. */
    async appoint(email: string): Promise<{ id: string } | null> {
      const [staff] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.email, email.trim().toLowerCase()), eq(accounts.role, 'college-staff')));
      if (!staff) return null;
      await db.insert(universityDirectors).values({ accountId: staff.id }).onConflictDoNothing();
      return staff;
    },
  };
}
export type UniversityRepo = ReturnType<typeof createUniversityRepo>;
