import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, companies } from '../../db/schema.ts';

export function createCompaniesRepo(db: Database) {
  return {
    async findById(accountId: string) {
      const [row] = await db
        .select({ account: accounts, company: companies })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(eq(companies.accountId, accountId));
      return row ?? null;
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
