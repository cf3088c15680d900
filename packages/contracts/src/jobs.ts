import { z } from 'zod';
import { jobColleges } from './colleges.ts';
import { pipelineStages, profilePart, stage } from './applications.ts';
import { closedObject, controlCharacter, isCalendarDate, pageQuery, requiredText } from './common.ts';
import { http, jobs as messages, vacancies as vacancyMessages } from './messages.ts';
import { programmeTarget } from './programmes.ts';
import { academicBounds, studentProfileForCompany } from './students.ts';
import { vacancySorts } from './vacancy-sorts.ts';

/** A company posts at most this many jobs in a day of the deployment's zone (TIME_ZONE). */
export const JOBS_PER_DAY = 50;

export const jobStatuses = ['Open', 'Closed'] as const;
/** Internship offers count towards the placement policy's limit only when the policy says so. */
export const jobTypes = ['Full-time', 'Internship'] as const;
export const jobType = z.enum(jobTypes);
export type JobType = z.infer<typeof jobType>;
export const jobStatus = z.enum(jobStatuses);
/** Where the work is done: at the company's place, partly there, or from anywhere. */
export const workModes = ['On-site', 'Hybrid', 'Remote'] as const;
export const workMode = z.enum(workModes);
export type WorkMode = z.infer<typeof workMode>;
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
  /** Who the job is open to by programme, as shown ("B.Tech (all branches)", "B.Tech Civil Engineering"). */
  degrees: z.array(z.string()),
  /** The same as targets (`degree:B.Tech`, `programme:BTECH-CE`, `level:Postgraduate`; contracts/programmes.ts). */
  programmes: z.array(z.string()),
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
  /** The city or place of work, as the company writes it; empty when not given. */
  location: z.string(),
  workMode,
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
    .max(academicBounds.cgpa.max, { error: messages.minCgpa })
    .nullable()
    .default(null),
  /** Degree levels, degrees or programmes as typed ("Postgraduate", "B.Tech", "B.Tech CSE"); mapped to targets. */
  eligibleDegrees: z.array(requiredText('Please enter the degree name.', 100)).max(20).default([]),
  /** Targets as the job form's picker sends them (`degree:B.Tech`, `programme:BTECH-CSE`, `level:Postgraduate`). */
  eligibleProgrammes: z.array(programmeTarget).max(20).default([]),
  eligibleYears: z
    .array(
      z
        .number()
        .int()
        .min(academicBounds.yearOfPassing.min, { error: messages.year })
        .max(academicBounds.yearOfPassing.max, { error: messages.year }),
    )
    .max(20)
    .default([]),
  type: z.enum(jobTypes, { error: messages.type }).default('Full-time'),
  package: z
    .number({ error: messages.package })
    .positive({ error: messages.package })
    .max(1000, { error: messages.package })
    .nullable()
    .default(null),
  location: z
    .string({ error: messages.location })
    .trim()
    .max(100, { error: messages.location })
    .refine((value) => !controlCharacter.test(value), { error: messages.location })
    .default(''),
  workMode: z.enum(workModes, { error: messages.workMode }).default('On-site'),
  /** The colleges the job goes to (ids); none: every college that allows the company. */
  colleges: jobColleges.default([]),
});

/** A job's criteria while its form is filled: what the live "N students eligible" counts. */
export const eligibilityDraft = closedObject({
  minCgpa: jobInput.shape.minCgpa,
  eligibleDegrees: jobInput.shape.eligibleDegrees,
  eligibleProgrammes: jobInput.shape.eligibleProgrammes,
  eligibleYears: jobInput.shape.eligibleYears,
  /**
   * A company's: the colleges the job would go to (ids); none: every college that allows it. The
   * count is of their students, the programmes read in their catalogues. Staff count their own.
   */
  colleges: jobColleges.default([]),
});
export type EligibilityDraft = z.input<typeof eligibilityDraft>;

export const postJobBody = closedObject({
  typ: z.literal('jobs', { error: 'typ must be jobs.' }),
  value: jobInput.refine((v) => v.applicationDeadline >= v.startDate, {
    error: messages.deadlineBeforeStart,
    path: ['applicationDeadline'],
  }),
});
export type PostJob = z.input<typeof postJobBody>;

/**
 * PUT /api/company/jobs/:id: the job's fields as posted; `colleges`, when given, are exactly the
 * colleges it goes to from now on (at least one; each one it is posted to already, or that
 * `mayPostJobsAt`); left out, they stay as they are.
 */
export const jobEdit = jobInput
  .extend({
    colleges: jobColleges.min(1, { error: messages.noCollege }).optional(),
  })
  .refine((v) => v.applicationDeadline >= v.startDate, {
    error: messages.deadlineBeforeStart,
    path: ['applicationDeadline'],
  });
export type JobEdit = z.input<typeof jobEdit>;

/**
 * Splits the typed qualifications on full stops, as the spec says: a full stop that ends a
 * sentence (followed by a space or the end), so "B.Tech" stays whole. Blanks are dropped.
 */
export const splitQualifications = (text: string): string[] =>
  text
    .split(/\.(?:\s+|$)/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '.');

/**
 * What kind of thing stops the student applying: the job's timing (its window has not opened yet,
 * or it closed), the student (criteria, verification, debarment, placement policy), or a profile
 * missing parts every application needs (`incomplete`: the review says which, with links).
 */
export const refusalKinds = ['notOpenYet', 'closed', 'notEligible', 'incomplete'] as const;
export const refusalKind = z.enum(refusalKinds);
export type RefusalKind = z.infer<typeof refusalKind>;

/** A job as a student sees it: with whether they applied and, if they may not, why. */
export const vacancy = job.extend({
  applied: z.boolean(),
  /** The job's tier under the placement policy in force (from its package). */
  tier: z.string(),
  notEligibleReason: z.string().nullable(),
  /** Set exactly when `notEligibleReason` is: which kind of reason it is (the badge shown). */
  refusal: refusalKind.nullable(),
});
export type Vacancy = z.infer<typeof vacancy>;

/** `getJobs` lists at most this many open jobs, soonest deadline first (`GET /api/student/jobs` pages them all). */
export const GET_JOBS_CAP = 500;

export const vacancyListing = z.array(z.object({ companyName: z.string(), jobs: z.array(vacancy) }));
export type VacancyListing = z.infer<typeof vacancyListing>;

export { vacancySorts };
export const vacancySort = z.enum(vacancySorts, { error: vacancyMessages.sort });
export type VacancySort = z.infer<typeof vacancySort>;

/**
 * `GET /api/student/jobs`: open jobs whose role or company name contains `search` (any case),
 * only those the student may apply to when `eligibleOnly`, sorted by soonest deadline (default),
 * newest posted, or highest package (none last), a page at a time.
 */
export const vacancyQuery = z.object({
  search: z
    .string({ error: vacancyMessages.search })
    .trim()
    .max(100, { error: vacancyMessages.search })
    .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters })
    .default(''),
  eligibleOnly: z
    .enum(['true', 'false'], { error: vacancyMessages.eligibleOnly })
    .default('false')
    .transform((value) => value === 'true'),
  sort: vacancySort.default('deadline'),
  /** Only jobs of this type. */
  type: z.enum(jobTypes, { error: vacancyMessages.type }).optional(),
  /** Only jobs in this tier of the placement policy in force (by its name). */
  tier: z.string({ error: vacancyMessages.tier }).trim().max(50, { error: vacancyMessages.tier }).optional(),
  /** Only jobs paying at least this many LPA (a job with no package does not match). */
  minPackage: z.coerce
    .number({ error: vacancyMessages.minPackage })
    .min(0, { error: vacancyMessages.minPackage })
    .max(1000, { error: vacancyMessages.minPackage })
    .optional(),
  /** Only jobs of companies whose name contains this (any case). */
  company: z
    .string({ error: vacancyMessages.company })
    .trim()
    .max(100, { error: vacancyMessages.company })
    .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters })
    .default(''),
  /** Only jobs whose location contains this (any case). */
  location: z
    .string({ error: vacancyMessages.location })
    .trim()
    .max(100, { error: vacancyMessages.location })
    .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters })
    .default(''),
  workMode: z.enum(workModes, { error: vacancyMessages.workMode }).optional(),
  ...pageQuery,
});
export type VacancyQuery = z.input<typeof vacancyQuery>;

/** One job of the paged list: a vacancy with its company's name. */
export const vacancyItem = vacancy.extend({ companyName: z.string() });
export type VacancyItem = z.infer<typeof vacancyItem>;

export const vacancyPage = z.object({ items: z.array(vacancyItem), total: z.number().int() });
export type VacancyPage = z.infer<typeof vacancyPage>;

/** A job with its applications counted in total and per stage (company dashboard, staff view). */
export const jobWithCounts = job.extend({
  applicants: z.number().int(),
  byStage: z.array(z.object({ stage, count: z.number().int() })),
});
export type JobWithCounts = z.infer<typeof jobWithCounts>;

/** One of the company's own jobs (its Job Posts page): with the ids of the colleges it is posted to. */
export const ownJob = jobWithCounts.extend({ colleges: z.array(z.number().int()) });
export type OwnJob = z.infer<typeof ownJob>;

export const jobStatusBody = z.object({ status: jobStatus });

/**
 * `GET /api/student/jobs/:id`: one job as the signed-in student sees it (any status: a closed job
 * says so), with the student's application to it, the stages of the process, what of the profile
 * is missing to apply, and the record the recruiter will read (the review before Apply).
 */
export const jobPage = z.object({
  job: vacancyItem,
  /** The student's application to this job, if any, and whether it may still be withdrawn. */
  application: z
    .object({ _id: z.string(), stage, appliedAt: z.string(), withdrawable: z.boolean() })
    .nullable(),
  /** The stages an application goes through, in order (Rejected may end it at any of them). */
  stages: z.array(z.enum(pipelineStages)),
  /** Today in the deployment's time zone, for the deadline in words ("closes in 3 days"). */
  today: z.string(),
  missing: z.array(profilePart),
  /** The student's record as the company will see it, with the resume it will read. */
  record: studentProfileForCompany,
});
export type JobPage = z.infer<typeof jobPage>;
