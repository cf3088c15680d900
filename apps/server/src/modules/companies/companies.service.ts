import type { z } from 'zod';
import { type AccountStatus, type CompanyStatus, isCompanyStatus } from '@portal/contracts/common';
import type { CompanyRecord } from '@portal/contracts/companies';
import { staffActions } from '@portal/contracts/messages';
import type { CompanyDetails, CompanySummary } from '@portal/contracts/staff';
import type { companyProfileUpdate } from '@portal/contracts/pipeline';
import type { JobsService } from '../jobs/jobs.service.ts';
import { NotFound } from '../../lib/errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { fileUrl } from '../students/students.service.ts';
import type { CompaniesRepo } from './companies.repo.ts';

/** Debarred is a student status; a company account never holds it. */
const companyStatusOf = (status: AccountStatus): CompanyStatus =>
  isCompanyStatus(status) ? status : 'Suspended';

export function createCompaniesService(deps: {
  companiesRepo: CompaniesRepo;
  jobsService: JobsService;
  notificationsService: NotificationsService;
}) {
  const toSummary = (row: Awaited<ReturnType<CompaniesRepo['summaries']>>[number]): CompanySummary => ({
    _id: row.account.id,
    company: row.company.name,
    recruiterName: `${row.account.firstName} ${row.account.lastName}`,
    emailID: row.account.email,
    role: companyStatusOf(row.account.status),
    statusReason: row.company.statusReason,
    signedUpAt: row.account.createdAt.toISOString(),
    jobs: row.jobs,
    applicants: row.applicants,
  });

  return {
    async summaries(): Promise<CompanySummary[]> {
      return (await deps.companiesRepo.summaries()).map(toSummary);
    },

    /** A company as staff see it: its jobs with applicants counted per stage. */
    async detailsForStaff(companyId: string): Promise<CompanyDetails> {
      const [row] = await deps.companiesRepo.summaries(companyId);
      if (!row) throw new NotFound(staffActions.companyNotFound);
      return {
        ...toSummary(row),
        phone: row.account.phone,
        jobList: await deps.jobsService.withCounts(companyId),
        statusHistory: [],
      };
    },

    async updateProfile(
      accountId: string,
      update: z.output<typeof companyProfileUpdate>,
    ): Promise<CompanyRecord> {
      await deps.companiesRepo.updateProfile(accountId, update);
      return this.getOwnRecord(accountId);
    },

    async getOwnRecord(accountId: string): Promise<CompanyRecord> {
      const row = await deps.companiesRepo.findById(accountId);
      if (!row) throw new NotFound('Company not found.');
      const { account, company } = row;
      return {
        _id: account.id,
        role: companyStatusOf(account.status),
        personalDetail: {
          firstName: account.firstName,
          lastName: account.lastName,
          staffID: company.staffId,
          emailID: account.email,
          phone: account.phone,
          profilePicture: fileUrl(account.profilePicture),
        },
        company: company.name,
        statusReason: company.statusReason,
        notifications: await deps.notificationsService.latest(accountId),
      };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
