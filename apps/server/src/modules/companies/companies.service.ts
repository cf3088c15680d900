import type { CompanyRecord } from '@portal/contracts/companies';
import { NotFound } from '../../lib/errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { fileUrl } from '../students/students.service.ts';
import type { CompaniesRepo } from './companies.repo.ts';

export function createCompaniesService(deps: {
  companiesRepo: CompaniesRepo;
  notificationsService: NotificationsService;
}) {
  return {
    async getOwnRecord(accountId: string): Promise<CompanyRecord> {
      const row = await deps.companiesRepo.findById(accountId);
      if (!row) throw new NotFound('Company not found.');
      const { account, company } = row;
      return {
        _id: account.id,
        role: account.status,
        personalDetail: {
          firstName: account.firstName,
          lastName: account.lastName,
          staffID: company.staffId,
          emailID: account.email,
          phone: account.phone,
          profilePicture: fileUrl(account.profilePicture),
        },
        company: company.name,
        notifications: await deps.notificationsService.latest(accountId),
      };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
