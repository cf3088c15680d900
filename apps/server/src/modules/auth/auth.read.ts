import { and, eq } from 'drizzle-orm';
import type { Role } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';

/**
 * What other modules read of accounts: password reset finds whom to send a link to. No password hash
 * leaves the auth module (its own repo reads that for sign-in).
 */
export function createAccountsReader(db: Database) {
  return {
    /** The account of this role that signs in with the email, or null. */
    async findByEmail(role: Role, email: string) {
      const [row] = await db
        .select({ id: accounts.id, firstName: accounts.firstName })
        .from(accounts)
        .where(and(eq(accounts.role, role), eq(accounts.email, email)));
      return row ?? null;
    },
  };
}
export type AccountsReader = ReturnType<typeof createAccountsReader>;
