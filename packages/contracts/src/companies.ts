import { z } from 'zod';
import { closedObject, companyStatus, notification, phone, requiredText, staffID } from './common.ts';
import { required } from './messages.ts';
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

/** PUT /api/company/companyProfileUpdate: the recruiter's details and the company name; email stays. */
export const companyProfileUpdate = closedObject({
  firstName: requiredText(required.firstName, 50),
  lastName: requiredText(required.lastName, 50),
  staffID,
  phone,
  company: requiredText(required.company, 100),
});
export type CompanyProfileUpdate = z.input<typeof companyProfileUpdate>;
