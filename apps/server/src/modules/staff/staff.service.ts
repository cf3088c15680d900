import type { StaffRecord, staffProfileUpdate } from '@portal/contracts/staff';
import { notFound } from '@portal/contracts/messages';
import type { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { fileUrl } from '../files/files.read.ts';
import type { StaffRepo } from './staff.repo.ts';

export function createStaffService(deps: {
  staffRepo: StaffRepo;
  notificationsService: NotificationsService;
}) {
  return {
    async updateProfile(
      accountId: string,
      update: z.output<typeof staffProfileUpdate>,
    ): Promise<StaffRecord> {
      await deps.staffRepo.updateProfile(accountId, {
        firstName: update.firstName,
        lastName: update.lastName,
        phone: update.phone,
        staffID: update.staffID,
      });
      return this.getOwnRecord(accountId);
    },

    async getOwnRecord(accountId: string): Promise<StaffRecord> {
      const row = await deps.staffRepo.findById(accountId);
      if (!row) throw new NotFound(notFound.staff);
      const { account, staff } = row;
      return {
        _id: account.id,
        role: account.status,
        personalDetail: {
          firstName: account.firstName,
          lastName: account.lastName,
          staffID: staff.staffId,
          emailID: account.email,
          phone: account.phone,
          profilePicture: fileUrl(account.profilePicture),
        },
        notifications: await deps.notificationsService.latest({
          id: account.id,
          role: 'college-staff',
          status: account.status,
        }),
      };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
