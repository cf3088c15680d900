import type { CompanyEmailSettings, StudentEmailSettings } from '@portal/contracts/email-settings';
import { http, staffActions } from '@portal/contracts/messages';
import { NotFound } from '../../lib/errors.ts';
import type { EmailSettingsRepo } from './email-settings.repo.ts';

export function createEmailSettingsService({
  emailSettingsRepo: repo,
}: {
  emailSettingsRepo: EmailSettingsRepo;
}) {
  return {
    async student(accountId: string): Promise<StudentEmailSettings> {
      const contact = await repo.studentContact(accountId);
      if (!contact) throw new NotFound(http.studentNotFound);
      return { stageChanges: contact.stageChanges, interviews: contact.interviews };
    },

    async setStudent(accountId: string, settings: StudentEmailSettings): Promise<StudentEmailSettings> {
      await repo.setStudent(accountId, settings);
      return this.student(accountId);
    },

    async company(accountId: string): Promise<CompanyEmailSettings> {
      const contact = await repo.companyContact(accountId);
      if (!contact) throw new NotFound(staffActions.companyNotFound);
      return { newApplicants: contact.newApplicants };
    },

    async setCompany(accountId: string, settings: CompanyEmailSettings): Promise<CompanyEmailSettings> {
      await repo.setCompany(accountId, settings);
      return this.company(accountId);
    },
  };
}
export type EmailSettingsService = ReturnType<typeof createEmailSettingsService>;
