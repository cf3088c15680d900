import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, companies, students } from '../../db/schema.ts';

/**
 * Where an account's emails go and which ones it wants: what every module that emails a student or
 * a company reads before queueing one.
 */
export function createEmailSettingsReader(db: Database) {
  return {
    /** Where a student's emails go and which ones they want. */
    async studentContact(accountId: string) {
      const [row] = await db
        .select({
          email: accounts.email,
          firstName: accounts.firstName,
          stageChanges: students.emailStageChanges,
          interviews: students.emailInterviews,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, accountId));
      return row ?? null;
    },

    /** Where a company's emails go and whether it wants one per applicant. */
    async companyContact(accountId: string) {
      const [row] = await db
        .select({
          email: accounts.email,
          firstName: accounts.firstName,
          newApplicants: companies.emailNewApplicants,
        })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(eq(companies.accountId, accountId));
      return row ?? null;
    },
  };
}
export type EmailSettingsReader = ReturnType<typeof createEmailSettingsReader>;
