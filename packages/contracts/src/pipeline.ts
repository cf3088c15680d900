import { z } from 'zod';
import { schedule, stage, stageChange } from './applications.ts';
import { bounds } from './bounds.ts';
import { EARLIEST_INSTANT, pageOf, pageQuery, requiredText } from './common.ts';
import { pipeline, staffRecords } from './messages.ts';
import { decideByDate, offer } from './offers.ts';
import { placedStandingSchema } from './placement-policy.ts';
import { studentProfileForCompany, yearOfPassing } from './students.ts';

/** The columns the applicant table sorts by (the newest application first by default). */
export const applicantSorts = ['appliedAt', 'name', 'cgpa', 'stage'] as const;
export type ApplicantSort = (typeof applicantSorts)[number];

/** A CGPA bound of a range filter, as a query string carries it. */
const cgpaBound = z.coerce
  .number({ error: staffRecords.cgpaRange })
  .min(0, { error: staffRecords.cgpaRange })
  .max(10, { error: staffRecords.cgpaRange });

/**
 * The applicant table's filters: job and stage; a search that matches the name, roll number or
 * email; the record's degree, CGPA range, verification and year of passing. The record's filters
 * (and a search by roll number or email) match only applicants whose record the company sees
 * (a withheld record is matched by name alone), so a filter never tells what it hides.
 */
export const applicantFilter = z.object({
  jobId: z.uuid({ error: 'Unknown job.' }).optional(),
  stage: stage.optional(),
  search: z.string().trim().max(100, { error: staffRecords.search }).default(''),
  degree: z.string().trim().max(100).default(''),
  cgpaMin: cgpaBound.optional(),
  cgpaMax: cgpaBound.optional(),
  verified: z.enum(['true', 'false']).optional(),
  year: z.coerce.number().pipe(yearOfPassing).optional(),
});
/** The filter's values (what a client sends, before the server's defaults). */
export type ApplicantFilterValues = Partial<z.output<typeof applicantFilter>>;

/** `GET /api/company/applicants`: the own jobs' applicants by the table's filters, sorted, a page at a time. */
export const applicantsQuery = applicantFilter.extend({
  sort: z.enum(applicantSorts).default('appliedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageQuery,
});
export type ApplicantsQuery = z.input<typeof applicantsQuery>;

/** `GET /api/company/applicants/:id/neighbours`: the table's filter and order, without the page. */
export const neighboursQuery = applicantsQuery.omit({ page: true, pageSize: true });

/** The applicants before and after one in the table's order, and its place (0: not among the matches). */
export const applicantNeighbours = z.object({
  previous: z.string().nullable(),
  next: z.string().nullable(),
  position: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ApplicantNeighbours = z.infer<typeof applicantNeighbours>;

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

/**
 * POST /api/company/applications/bulk: one move for many applicants, chosen by their ids or as
 * "every applicant matching this filter" (the table's selection across pages), at most
 * `bounds.bulkRows`. The stage, schedule and package are those of a single move, applied to each;
 * each applicant is moved, audited and told as a single move would, and one refused (a stage it
 * cannot reach, the placement policy) is reported without stopping the rest.
 */
export const bulkMoveBody = moveStageBody
  .extend({
    applicationIds: z
      .array(z.uuid({ error: pipeline.applicationNotFound }), { error: pipeline.bulkEmpty })
      .min(1, { error: pipeline.bulkEmpty })
      .max(bounds.bulkRows, { error: pipeline.bulkTooMany(bounds.bulkRows) })
      .optional(),
    matching: applicantFilter.optional(),
    /** With `matching`: the applicants unticked from "all matching". */
    exceptIds: z
      .array(z.uuid({ error: pipeline.applicationNotFound }))
      .max(bounds.bulkRows)
      .default([]),
  })
  .refine((b) => (b.applicationIds === undefined) !== (b.matching === undefined), {
    error: pipeline.bulkSelection,
  });
export type BulkMove = z.input<typeof bulkMoveBody>;

/** What a bulk action did to one row: done, or refused with the reason. */
export const bulkRowOutcome = z.object({
  _id: z.string(),
  name: z.string(),
  done: z.boolean(),
  message: z.string(),
});
export type BulkRowOutcome = z.infer<typeof bulkRowOutcome>;

/** A bulk action's answer: a summary, how many rows changed, and each row's outcome. */
export const bulkOutcome = z.object({
  summary: z.string(),
  done: z.number().int().nonnegative(),
  rows: z.array(bulkRowOutcome),
});
export type BulkOutcome = z.infer<typeof bulkOutcome>;
