import { z } from 'zod';
import { accountStatus, notification } from './common.ts';
import { staffActions } from './messages.ts';

export const staffPersonalDetail = z.object({
  firstName: z.string(),
  lastName: z.string(),
  staffID: z.string(),
  emailID: z.string(),
  phone: z.string(),
  profilePicture: z.string(),
});

/** The staff record; students are listed through a paginated call, not embedded here. */
export const staffRecord = z.object({
  _id: z.string(),
  role: accountStatus,
  personalDetail: staffPersonalDetail,
  notifications: z.array(notification),
});
export type StaffRecord = z.infer<typeof staffRecord>;

/** Staff suspend a company account or allow it again. */
export const companyStatusBody = z.object({
  role: z.enum(['Allowed', 'Suspended'], { error: staffActions.badCompanyStatus }),
});
