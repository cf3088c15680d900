import { eq } from 'drizzle-orm';
import type { CompanyEmailSettings, StudentEmailSettings } from '@portal/contracts/email-settings';
import type { Database } from '../../db/client.ts';
import { accounts, companies, students } from '../../db/schema.ts';

export function createEmailSettingsRepo(db: Database) {
  return {
    async setStudent(accountId: string, s: StudentEmailSettings) {
      await db
        .update(students)
        .set({ emailStageChanges: s.stageChanges, emailInterviews: s.interviews })
        .where(eq(students.accountId, accountId));
    },

    async setCompany(accountId: string, s: CompanyEmailSettings) {
      await db
        .update(companies)
        .set({ emailNewApplicants: s.newApplicants })
        .where(eq(companies.accountId, accountId));
    },

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
export type EmailSettingsRepo = ReturnType<typeof createEmailSettingsRepo>;
