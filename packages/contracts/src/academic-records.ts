import { z } from 'zod';
import { closedObject, pageQuery, reason } from './common.ts';
import { verification as messages } from './messages.ts';
import { academicValues, rollNumberFormat } from './students.ts';

export const changeRequestStatuses = ['Pending', 'Approved', 'Rejected'] as const;
export const changeRequestStatus = z.enum(changeRequestStatuses);
export type ChangeRequestStatus = z.infer<typeof changeRequestStatus>;

/** A student's change to verified academic details, with the values before and after. */
export const academicChangeRequest = z.object({
  _id: z.string(),
  student: z.object({ _id: z.string(), name: z.string(), emailID: z.string() }),
  oldValues: academicValues,
  newValues: academicValues,
  status: changeRequestStatus,
  reason: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AcademicChangeRequest = z.infer<typeof academicChangeRequest>;

/** `GET /api/college-staff/academicChangeRequests`: pending ones by default, oldest first. */
export const academicChangeRequestQuery = z.object({
  status: z.enum(changeRequestStatuses, { error: messages.badDecision }).default('Pending'),
  ...pageQuery,
});
export type AcademicChangeRequestQuery = z.input<typeof academicChangeRequestQuery>;

export const academicChangeRequestPage = z.object({
  items: z.array(academicChangeRequest),
  total: z.number().int(),
});
export type AcademicChangeRequestPage = z.infer<typeof academicChangeRequestPage>;

export const academicDecisionBody = closedObject({
  decision: z.enum(['Approved', 'Rejected'], { error: messages.badDecision }),
  reason,
});
export type AcademicDecision = z.input<typeof academicDecisionBody>;

/** The placement cell's settings: `GET/PUT /api/college-staff/settings`. */
export const collegeSettings = closedObject({
  requireVerifiedAcademics: z.boolean({ error: 'Please say whether only verified students can apply.' }),
  /** How the college writes roll numbers (a regular expression for the whole value); kept when not sent. */
  rollNumberFormat: rollNumberFormat.optional(),
});
export type CollegeSettings = z.infer<typeof collegeSettings>;
