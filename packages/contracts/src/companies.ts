import { z } from 'zod';
import { closedObject, companyStatus, notification, phone, requiredText, staffID } from './common.ts';
import { companyName } from './company-names.ts';
import { required } from './messages.ts';
import { staffPersonalDetail } from './staff.ts';

export const companyRecord = z.object({
  _id: z.string(),
  role: companyStatus,
  personalDetail: staffPersonalDetail,
  /** The name in force: the one the placement cell approved, which students and applicants see. */
  company: z.string(),
  /** A new name the company asked for after its approval, waiting for the placement cell; or null. */
  pendingName: z.string().nullable(),
  /** The placement cell's reason for the current status (a rejection, a suspension), or empty. */
  statusReason: z.string(),
  notifications: z.array(notification),
});
export type CompanyRecord = z.infer<typeof companyRecord>;

/**
 * PUT /api/company/companyProfileUpdate: the recruiter's details and the company name; email stays.
 * A company awaiting approval renames itself at once; an approved one's new name waits for the
 * placement cell (`pendingName`), and sending the approved name again withdraws it.
 */
export const companyProfileUpdate = closedObject({
  firstName: requiredText(required.firstName, 50),
  lastName: requiredText(required.lastName, 50),
  staffID,
  phone,
  company: companyName,
});
export type CompanyProfileUpdate = z.input<typeof companyProfileUpdate>;
