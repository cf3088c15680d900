import { z } from 'zod';
import { stage } from './applications.ts';
import { companyStatus } from './common.ts';
import { jobWithCounts } from './jobs.ts';

/**
 * Each role's home: what the day asks of them, on the page the specification opens their area with
 * (the student's and staff's index and dashboard, above the profile; the company's index and
 * dashboard). One answer per home, read in a few statements (modules/homes).
 */

/** The parts of a student's profile the home checks, in the order it lists what is missing. */
export const profileParts = ['picture', 'personal', 'academic', 'resume', 'internships', 'projects'] as const;
export const profilePart = z.enum(profileParts);
export type ProfilePart = z.infer<typeof profilePart>;

const stageCounts = z.array(z.object({ stage, count: z.number().int() }));

/** An assessment or interview with a time: the student's next ones, or a company's or the college's today. */
const scheduled = z.object({
  applicationId: z.uuid(),
  jobRole: z.string(),
  companyName: z.string(),
  stage,
  /** ISO instant. */
  at: z.string(),
  place: z.string(),
});

export const studentHome = z.object({
  completeness: z.object({
    /** Whole percent of `profileParts` filled in. */
    percent: z.number().int().min(0).max(100),
    missing: z.array(profilePart),
  }),
  /** Offers waiting for the student's answer, soonest decide-by date first. */
  offers: z.array(
    z.object({
      applicationId: z.uuid(),
      jobRole: z.string(),
      companyName: z.string(),
      package: z.number(),
      decideBy: z.string(),
      tier: z.string(),
    }),
  ),
  /** Scheduled stages from now on, soonest first (at most `homeBounds.upcoming`). */
  upcoming: z.array(scheduled),
  applications: z.number().int(),
  /** Every stage, in pipeline order, with the student's applications in it. */
  applicationsByStage: stageCounts,
  /** Open jobs the student may apply to and has not, newest first (at most `homeBounds.newJobs`). */
  newJobs: z.array(
    z.object({
      _id: z.uuid(),
      role: z.string(),
      companyName: z.string(),
      applicationDeadline: z.string(),
      package: z.number().nullable(),
      type: z.string(),
    }),
  ),
});
export type StudentHome = z.infer<typeof studentHome>;

export const staffHome = z.object({
  approvals: z.object({
    /** Companies that signed up and wait for approval, oldest first (at most `homeBounds.list`). */
    companies: z.array(z.object({ _id: z.uuid(), name: z.string(), createdAt: z.string() })),
    companiesWaiting: z.number().int(),
    /** Approved companies' new names waiting for a decision. */
    nameChangesWaiting: z.number().int(),
    /** Students' changes to verified academic details waiting for a decision. */
    changeRequestsWaiting: z.number().int(),
  }),
  /** Scheduled stages of today (in the college's time zone), across every company. */
  today: z.array(scheduled.extend({ studentId: z.uuid(), studentName: z.string() })),
  figures: z.object({
    students: z.number().int(),
    placed: z.number().int(),
    openJobs: z.number().int(),
    applications: z.number().int(),
    offersMade: z.number().int(),
    offersAccepted: z.number().int(),
    offersWaiting: z.number().int(),
  }),
  /** The latest stage changes across the college, newest first. */
  activity: z.array(
    z.object({
      studentId: z.uuid(),
      studentName: z.string(),
      jobRole: z.string(),
      companyName: z.string(),
      stage,
      actorName: z.string(),
      at: z.string(),
    }),
  ),
});
export type StaffHome = z.infer<typeof staffHome>;

export const companyHome = z.object({
  status: companyStatus,
  /** Its newest jobs with applicants per stage (the same as the job list's counts). */
  jobs: z.array(jobWithCounts),
  /** Its scheduled stages of today, in time order. */
  today: z.array(scheduled.extend({ studentName: z.string() })),
  awaiting: z.object({
    /** Applications still at Form Submitted: not looked at yet. */
    newApplicants: z.number().int(),
    /** Offers made and not answered yet. */
    offersWaiting: z.number().int(),
  }),
});
export type CompanyHome = z.infer<typeof companyHome>;

/** How many of each list a home shows. */
export const homeBounds = { upcoming: 5, newJobs: 5, list: 5, today: 20, activity: 8 } as const;
