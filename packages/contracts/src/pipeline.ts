import { z } from 'zod';
import { schedule, stage, stageChange } from './applications.ts';
import { EARLIEST_INSTANT, pageOf, pageQuery, requiredText } from './common.ts';
import { pipeline } from './messages.ts';
import { decideByDate, offer } from './offers.ts';
import { placedStandingSchema } from './placement-policy.ts';
import { studentProfileForCompany } from './students.ts';

/** `GET /api/company/applicants`: the own jobs' applicants, optionally of one job and stage, a page at a time. */
export const applicantsQuery = z.object({
  jobId: z.uuid({ error: 'Unknown job.' }).optional(),
  stage: stage.optional(),
  ...pageQuery,
});
export type ApplicantsQuery = z.input<typeof applicantsQuery>;

export const applicantRow = z.object({
  _id: z.string(),
  jobId: z.string(),
  role: z.string(),
  studentId: z.string(),
  name: z.string(),
  /**
   * True when the placement cell has suspended or debarred the student: the row keeps its name and
   * stage, without the record (degrees and CGPA empty), contact details or files.
   */
  withheld: z.boolean(),
  degrees: z.array(z.string()),
  cgpa: z.number().nullable(),
  appliedAt: z.string(),
  stage,
  /**
   * Set when the student holds an accepted offer the placement policy counts: the badge
   * ("Placed · Dream tier") and why the policy forbids an offer for this job (null: it allows one).
   */
  placed: placedStandingSchema.nullable(),
});
export type ApplicantRow = z.infer<typeof applicantRow>;

export const applicantPage = pageOf(applicantRow);
export type ApplicantPage = z.infer<typeof applicantPage>;

/** The academic facts an application's eligibility was decided on, as they were when the student applied. */
export const eligibilitySnapshot = z.object({
  cgpa: z.number().nullable(),
  degrees: z.array(z.string()),
  yearOfPassing: z.number().nullable(),
  verified: z.boolean(),
});
export type EligibilitySnapshot = z.infer<typeof eligibilitySnapshot>;

export const applicantDetails = z.object({
  _id: z.string(),
  jobId: z.string(),
  role: z.string(),
  /** The student's name, shown even while their record is withheld. */
  name: z.string(),
  appliedAt: z.string(),
  stage,
  /** As on the applicant's row: placed under the policy, and whether it forbids an offer here. */
  placed: placedStandingSchema.nullable(),
  schedule: schedule.nullable(),
  packageOffered: z.number().nullable(),
  history: z.array(stageChange),
  /** Null while the student's record is withheld (see `applicantRow.withheld`). */
  student: studentProfileForCompany.nullable(),
  /** Null for applications made before snapshots were kept. */
  eligibilitySnapshot: eligibilitySnapshot.nullable(),
  /** The offer made at Offer Letter, with its state. */
  offer: offer.nullable(),
});
export type ApplicantDetails = z.infer<typeof applicantDetails>;

/**
 * POST /api/company/applications/:id/stage. A schedule may go with an assessment or interview
 * stage (also to reschedule without moving); Offer Letter needs the package offered and may give
 * the date the student must answer by (at least MIN_DECISION_DAYS ahead; by default the policy's
 * decision window).
 */
export const moveStageBody = z.object({
  stage,
  schedule: z
    .object({
      at: z.iso
        .datetime({ offset: true, error: pipeline.scheduleAt })
        .refine((value) => Date.parse(value) >= EARLIEST_INSTANT, { error: pipeline.scheduleAt }),
      place: requiredText(pipeline.schedulePlace, 200),
    })
    .optional(),
  packageOffered: z
    .number({ error: pipeline.packageRequired })
    .positive({ error: pipeline.packageRequired })
    .max(1000, { error: pipeline.packageRequired })
    .optional(),
  decideBy: decideByDate.optional(),
});
export type MoveStage = z.input<typeof moveStageBody>;

export const bulkMoveBody = z.object({
  applicationIds: z
    .array(z.uuid({ error: pipeline.applicationNotFound }), { error: pipeline.bulkEmpty })
    .min(1, { error: pipeline.bulkEmpty })
    .max(200),
  stage: z.enum(['Shortlisted', 'Rejected'], { error: 'Bulk actions are Shortlisted or Rejected.' }),
});
export type BulkMove = z.input<typeof bulkMoveBody>;
