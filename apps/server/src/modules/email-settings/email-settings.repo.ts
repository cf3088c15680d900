import { eq } from 'drizzle-orm';
import type { CompanyEmailSettings, StudentEmailSettings } from '@portal/contracts/email-settings';
import type { Database } from '../../db/client.ts';
import { companies, students } from '../../db/schema.ts';
import { createEmailSettingsReader } from './email-settings.read.ts';

export function createEmailSettingsRepo(db: Database) {
  return {
    ...createEmailSettingsReader(db),

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
  };
}
export type EmailSettingsRepo = ReturnType<typeof createEmailSettingsRepo>;
