import { z } from 'zod';
import {
  type AccountStatus,
  closedObject,
  companyStatus,
  notification,
  phone,
  requiredText,
  staffID,
} from './common.ts';
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

export const companyCollegeMessages = {
  asked: (college: string) =>
    `Asked ${college} to let you recruit there. Its placement cell will decide; you will be told.`,
  alreadyAsked: (college: string) => `You have already asked ${college}.`,
  /** On the job form: a job goes to colleges the company has asked, and lists where it is allowed. */
  collegesLabel: 'Post to colleges',
  collegesHint: "Students of a college see the job once that college's placement cell allows your company.",
  notAsked: 'A job goes only to colleges your company asked to recruit at, and that have not refused it.',
  newAskTitle: 'A company asks to recruit',
  newAskNotice: (company: string) =>
    `${company} asks to recruit at your college. Approve or reject it on the Companies page.`,
} as const;

/**
 * A college of the deployment as a company sees it: its standing there (null: not asked yet), and
 * the reason given with the college's last decision. A company recruits at a college once that
 * college's placement cell allows it: it sees that college's students, and their jobs list it.
 */
export const companyCollege = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: companyStatus.nullable(),
  statusReason: z.string(),
});
export type CompanyCollege = z.infer<typeof companyCollege>;
export const companyColleges = z.array(companyCollege);

/**
 * Whether a company may post a job to a college where it stands so: one that allows it, or that is
 * still to decide (the job lists there once approved); not one that refused or suspended it.
 */
export const mayPostJobsAt = (status: AccountStatus | null): boolean =>
  status === 'Allowed' || status === 'Pending';

/**
 * The colleges whose staff approve a company's new name before students anywhere see it: each
 * college that approved the company under its old name (and may have suspended it since). A
 * college still to decide on the company sees the new name when it decides; one that refused it
 * has no say.
 */
export const nameApprovers = ['Allowed', 'Suspended'] as const satisfies readonly AccountStatus[];
