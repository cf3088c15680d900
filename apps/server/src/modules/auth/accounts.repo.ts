import { and, eq, sql } from 'drizzle-orm';
import type { AccountStatus, Role } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { accounts, companies, companyColleges, staffMembers, students } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export type NewAccount = {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** Allowed unless given: a company starts Pending. */
  status?: AccountStatus;
};

/** The account's role, and the college it signs up at (a company's: the one it asks first). */
export type RoleDetails =
  | { role: 'student'; collegeId: number }
  | { role: 'college-staff'; staffId: string; collegeId: number }
  | { role: 'company'; staffId: string; companyName: string; collegeId: number };

export function createAccountsRepo(db: Database) {
  return {
    async findByEmail(role: Role, email: string) {
      const [row] = await db
        .select({
          id: accounts.id,
          passwordHash: accounts.passwordHash,
          firstName: accounts.firstName,
          status: accounts.status,
        })
        .from(accounts)
        .where(and(eq(accounts.role, role), eq(accounts.email, email)));
      return row ?? null;
    },

    async findPasswordHash(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row?.passwordHash ?? null;
    },

    async setPasswordHash(accountId: string, passwordHash: string) {
      await db
        .update(accounts)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(accounts.id, accountId));
    },

    /**
     * Creates the account and its role's row together; null when any account, of any role, already
     * signs in with the email (one email is one account: the unique index says so where migration
     * 0020 could create it, this check where it could not).
     */
    async create(account: NewAccount, details: RoleDetails): Promise<{ id: string } | null> {
      try {
        return await db.transaction(async (tx) => {
          const [taken] = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(eq(accounts.email, account.email))
            .limit(1);
          if (taken) return null;
          const [created] = await tx
            .insert(accounts)
            .values({
              ...account,
              role: details.role,
              // A company recruits across colleges; its standing at each is company_colleges'.
              collegeId: details.role === 'company' ? null : details.collegeId,
            })
            .returning({ id: accounts.id });
          if (!created) throw new Error('insert returned no row');
          if (details.role === 'student') {
            await tx.insert(students).values({ accountId: created.id, collegeId: details.collegeId });
          } else if (details.role === 'college-staff') {
            await tx.insert(staffMembers).values({ accountId: created.id, staffId: details.staffId });
          } else {
            await tx
              .insert(companies)
              .values({ accountId: created.id, staffId: details.staffId, name: details.companyName });
            // It asks the college it signed up at; others it asks from its Colleges page.
            await tx
              .insert(companyColleges)
              .values({ companyId: created.id, collegeId: details.collegeId, status: 'Pending' });
          }
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
