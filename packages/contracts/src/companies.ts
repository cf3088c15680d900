import { z } from 'zod';
import { accountStatus, notification } from './common.ts';
import { staffPersonalDetail } from './staff.ts';

export const companyRecord = z.object({
  _id: z.string(),
  role: accountStatus,
  personalDetail: staffPersonalDetail,
  company: z.string(),
  notifications: z.array(notification),
});
export type CompanyRecord = z.infer<typeof companyRecord>;
