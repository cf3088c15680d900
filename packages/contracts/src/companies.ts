import { z } from 'zod';
import { companyStatus, notification } from './common.ts';
import { staffPersonalDetail } from './staff.ts';

export const companyRecord = z.object({
  _id: z.string(),
  role: companyStatus,
  personalDetail: staffPersonalDetail,
  company: z.string(),
  /** The placement cell's reason for the current status (a rejection, a suspension), or empty. */
  statusReason: z.string(),
  notifications: z.array(notification),
});
export type CompanyRecord = z.infer<typeof companyRecord>;
