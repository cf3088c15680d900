import { z } from 'zod';
import { closedObject, isCalendarDate, requiredText } from './common.ts';
import { jobs as messages } from './messages.ts';

export const jobStatuses = ['Open', 'Closed'] as const;
/** Internship offers count towards the placement policy's limit only when the policy says so. */
export const jobTypes = ['Full-time', 'Internship'] as const;
export const jobType = z.enum(jobTypes);
export type JobType = z.infer<typeof jobType>;
export const jobStatus = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatus>;

/** A calendar date as YYYY-MM-DD (the spec shows only the part before T). */
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.badDate })
    .refine(isCalendarDate, { error: messages.badDate });

export const eligibility = z.object({
  minCgpa: z.number().nullable(),
  degrees: z.array(z.string()),
  years: z.array(z.number().int()),
});
export type Eligibility = z.infer<typeof eligibility>;

export const job = z.object({
  _id: z.string(),
  role: z.string(),
  description: z.string(),
  qualifications: z.array(z.string()),
  startDate: z.string(),
  applicationDeadline: z.string(),
  status: jobStatus,
  eligibility,
  type: jobType,
  /** The package in LPA, shown to students; it decides the job's tier (none: the lowest tier). */
  package: z.number().nullable(),
});
export type Job = z.infer<typeof job>;

export const jobInput = closedObject({
  role: requiredText(messages.role, 100),
  description: requiredText(messages.description, 5000),
  qualifications: z
    .array(requiredText(messages.qualifications, 300), { error: messages.qualifications })
    .min(1, { error: messages.qualifications })
    .max(30, { error: 'Please enter at most 30 qualifications.' }),
  startDate: isoDate(messages.startDate),
  applicationDeadline: isoDate(messages.deadline),
  status: jobStatus.default('Open'),
  minCgpa: z
    .number({ error: messages.minCgpa })
    .positive({ error: messages.minCgpa })
    .max(10, { error: messages.minCgpa })
    .nullable()
    .default(null),
  eligibleDegrees: z.array(requiredText('Please enter the degree name.', 100)).max(20).default([]),
  eligibleYears: z
    .array(z.number().int().min(1950, { error: messages.year }).max(2100, { error: messages.year }))
    .max(20)
    .default([]),
  type: z.enum(jobTypes, { error: messages.type }).default('Full-time'),
  package: z
    .number({ error: messages.package })
    .positive({ error: messages.package })
    .max(1000, { error: messages.package })
    .nullable()
    .default(null),
});

export const postJobBody = closedObject({
  typ: z.literal('jobs', { error: 'typ must be jobs.' }),
  value: jobInput.refine((v) => v.applicationDeadline >= v.startDate, {
    error: messages.deadlineBeforeStart,
    path: ['applicationDeadline'],
  }),
});
export type PostJob = z.input<typeof postJobBody>;

/**
 * Splits the typed qualifications on full stops, as the spec says: a full stop that ends a
 * sentence (followed by a space or the end), so "B.Tech" stays whole. Blanks are dropped.
 */
export const splitQualifications = (text: string): string[] =>
  text
    .split(/\.(?:\s+|$)/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '.');

/** A job as a student sees it: with whether they applied and, if they may not, why. */
export const vacancy = job.extend({
  applied: z.boolean(),
  /** The job's tier under the placement policy in force (from its package). */
  tier: z.string(),
  notEligibleReason: z.string().nullable(),
});
export type Vacancy = z.infer<typeof vacancy>;

export const vacancyListing = z.array(z.object({ companyName: z.string(), jobs: z.array(vacancy) }));
export type VacancyListing = z.infer<typeof vacancyListing>;
