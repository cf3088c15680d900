/*
 * Who may apply to which job: the one rule behind the vacancy list, Apply, offers, the policy's dry
 * run and (as SQL) who hears of a new job. Its own module, so jobs, applications and announcements
 * each import it rather than each other.
 */

import { and, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { CollegeSettings } from '@portal/contracts/academic-records';
import { type ProfilePart, profilePartLabels } from '@portal/contracts/applications';
import type { RefusalKind } from '@portal/contracts/jobs';
import { applying, verification } from '@portal/contracts/messages';
import {
  type PlacementPolicyVersion,
  type PolicyCause,
  policyCause,
  policyReason,
  type PolicyStudent,
} from '@portal/contracts/placement-policy';
import { meetsTargets, parseTarget, type ProgrammeKey, targetLabel } from '@portal/contracts/programmes';
import { type jobs, programmes, students } from '../../db/schema.ts';

/** A job as eligibility reads it; a row of the jobs table is one. */
export type JobFacts = Pick<
  typeof jobs.$inferSelect,
  | 'status'
  | 'startDate'
  | 'applicationDeadline'
  | 'minCgpa'
  | 'eligibleDegrees'
  | 'eligibleProgrammes'
  | 'eligibleYears'
  | 'package'
  | 'type'
> &
  /** The event (its talk) a student must have attended to apply; absent or null: none. */
  Partial<Pick<typeof jobs.$inferSelect, 'requiredEventId'>>;

/**
 * A job's criteria: what `notEligibleReason` and `eligibleStudentSql` compare a student with. The
 * programmes are targets (contracts/programmes.ts); `eligibleDegrees` holds their labels, which
 * the reason names.
 */
export type JobCriteria = Pick<
  JobFacts,
  'minCgpa' | 'eligibleDegrees' | 'eligibleProgrammes' | 'eligibleYears'
>;

export type StudentFacts = {
  cgpa: number | null;
  /** The degrees as written (the application's snapshot keeps them). */
  degrees: string[];
  /** The student's current programme from the catalogue; null when none is chosen or mapped. */
  programme: ProgrammeKey | null;
  yearOfPassing: number | null;
  /** Staff verified the academic details. */
  verified: boolean;
};

/** What the reason names: the job's labels as shown, or the targets' own when they were not kept. */
const requiredLabels = (job: JobCriteria): string[] =>
  job.eligibleDegrees.length === job.eligibleProgrammes.length
    ? job.eligibleDegrees
    : job.eligibleProgrammes.map((t) => targetLabel(t));

/** Which of a job's criteria a student fails first (`criteriaCause`); `notEligibleReason` words it. */
export type CriteriaCause = 'notVerified' | 'minCgpa' | 'programmes' | 'years';

/**
 * Which of the job's criteria this student fails first, or null when they meet them all. When the
 * college accepts only verified academic details, unverified ones come first: the facts every
 * other rule reads are not confirmed yet.
 */
export function criteriaCause(
  job: JobCriteria,
  student: StudentFacts,
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>,
): CriteriaCause | null {
  if (settings.requireVerifiedAcademics && !student.verified) return 'notVerified';
  if (job.minCgpa !== null && (student.cgpa === null || student.cgpa < job.minCgpa)) return 'minCgpa';
  if (!meetsTargets(job.eligibleProgrammes, student.programme)) return 'programmes';
  if (
    job.eligibleYears.length > 0 &&
    (student.yearOfPassing === null || !job.eligibleYears.includes(student.yearOfPassing))
  ) {
    return 'years';
  }
  return null;
}

function criteriaReason(cause: CriteriaCause, job: JobCriteria, student: StudentFacts): string {
  switch (cause) {
    case 'notVerified':
      return verification.notVerified;
    case 'minCgpa':
      return applying.minCgpa(job.minCgpa ?? 0, student.cgpa);
    case 'programmes':
      return applying.degrees(requiredLabels(job));
    case 'years':
      return applying.years(job.eligibleYears);
  }
}

/** Why this student may not apply to this job (`criteriaCause`, worded), or null when they may. */
export function notEligibleReason(
  job: JobCriteria,
  student: StudentFacts,
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>,
): string | null {
  const cause = criteriaCause(job, student, settings);
  return cause && criteriaReason(cause, job, student);
}

/**
 * `notEligibleReason` as a condition on the students table, from the same parameters: a student's
 * row matches exactly when `notEligibleReason(job, their facts, settings)` is null. Every criterion
 * is a bound value; programmes compare by the targets' code, degree and level (`meetsTargets`).
 * The query it goes in must read `students` under its own name.
 */
export function eligibleStudentSql(
  job: Pick<JobCriteria, 'minCgpa' | 'eligibleProgrammes' | 'eligibleYears'>,
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>,
): SQL {
  const wanted = { level: [] as string[], degree: [] as string[], programme: [] as string[] };
  for (const target of job.eligibleProgrammes) {
    const { kind, value } = parseTarget(target);
    wanted[kind].push(value);
  }
  const any = (values: string[]) => (values.length > 0 ? values : ['']);
  return (
    and(
      settings.requireVerifiedAcademics ? isNotNull(students.academicsVerifiedAt) : undefined,
      // A missing CGPA or year compares as null: not eligible, as in notEligibleReason.
      job.minCgpa !== null ? gte(students.cgpa, job.minCgpa) : undefined,
      job.eligibleProgrammes.length > 0
        ? sql`exists (select 1 from ${programmes} held where held.id = ${students.programmeId}
                      and (held.code in ${any(wanted.programme)} or held.degree in ${any(wanted.degree)}
                           or held.level in ${any(wanted.level)}))`
        : undefined,
      job.eligibleYears.length > 0 ? inArray(students.yearOfPassing, job.eligibleYears) : undefined,
    ) ?? sql`true`
  );
}

/** Why a student may not apply, and which kind of reason it is (the vacancy list's badge). */
export type Refusal = { kind: RefusalKind; reason: string };

/** Why nobody can apply to a job today (`closedCause`). */
type ClosedCause = 'closed' | 'deadlinePassed' | 'notOpenYet';

/** Why nobody can apply to this job today, or null when applications are open. */
function closedCause(job: JobFacts, today: string): ClosedCause | null {
  if (job.status !== 'Open') return 'closed';
  if (job.applicationDeadline < today) return 'deadlinePassed';
  if (job.startDate > today) return 'notOpenYet';
  return null;
}

/** Which rule stops a student applying to a job (`refusalCause`); `applyDecision` words it. */
export type RefusalCause = ClosedCause | CriteriaCause | PolicyCause | 'talkRequired' | 'incomplete';

/** Everything the decision about one student and any job reads, loaded once per request. */
export type ApplyContext = {
  today: string;
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>;
  policy: PlacementPolicyVersion;
  student: StudentFacts & PolicyStudent;
  /**
   * The profile parts every application needs that the student lacks (roll number, CGPA, degree,
   * resume); absent where only the criteria and policy matter (the policy's dry run).
   */
  missing?: readonly ProfilePart[];
  /**
   * The events the student attended (modules/events), read for a job that requires its talk;
   * absent where only the criteria and policy matter (the policy's dry run).
   */
  attended?: ReadonlySet<string>;
};

/**
 * Which rule stops this student applying to this job, or null when none does: the one decision
 * behind the vacancy lists and Apply. A debarment in force comes first (it stops every job, so it
 * is what the student needs to read), then the job's timing, its criteria, the placement policy,
 * the job's required talk (attended or not), and last the profile parts every application needs
 * (worth adding only for a job the student may apply to). It words nothing: the vacancy list's
 * "eligible only" asks it of every open job and drops the refused ones unread.
 */
export function refusalCause(job: JobFacts, ctx: ApplyContext): RefusalCause | null {
  // No closures here: the vacancy list runs this for every open job, for every student.
  if (ctx.student.debarment) return 'debarred';
  return (
    closedCause(job, ctx.today) ??
    criteriaCause(job, ctx.student, ctx.settings) ??
    policyCause(ctx.policy, job, ctx.student, ctx.settings) ??
    // A job that names its talk (`requiredEventId`) takes only students who attended it.
    (job.requiredEventId && ctx.attended && !ctx.attended.has(job.requiredEventId) ? 'talkRequired' : null) ??
    (ctx.missing && ctx.missing.length > 0 ? 'incomplete' : null)
  );
}

/**
 * What `refusalCause` reads of a job on `today`, as one string: two jobs with the same key get the
 * same decision for every student that day (the timing reduced to its cause; the dates themselves
 * do not matter). A list of many jobs decides once a key rather than once a job (the vacancy
 * list: open-jobs-cache). A job field the decision comes to read joins the key; a property test
 * in eligibility.test.ts holds the two together.
 */
export const decisionKey = (job: JobFacts, today: string): string =>
  JSON.stringify([
    closedCause(job, today),
    job.minCgpa,
    job.eligibleProgrammes,
    job.eligibleYears,
    job.package,
    job.type,
    job.requiredEventId ?? null,
  ]);

/** Whether this student may apply to this job: `refusalCause` finds nothing. */
export const mayApply = (job: JobFacts, ctx: ApplyContext): boolean => refusalCause(job, ctx) === null;

/** A refusal's badge: the job's timing, its criteria and the policy, or the profile's gaps. */
function kindOf(cause: RefusalCause): RefusalKind {
  if (cause === 'closed' || cause === 'deadlinePassed') return 'closed';
  if (cause === 'notOpenYet' || cause === 'incomplete') return cause;
  return 'notEligible';
}

/** A refusal's cause as the student reads it. */
function reasonOf(cause: RefusalCause, job: JobFacts, ctx: ApplyContext): string {
  switch (cause) {
    case 'closed':
      return applying.closed;
    case 'deadlinePassed':
      return applying.deadlinePassed;
    case 'notOpenYet':
      return applying.notOpenYet(job.startDate);
    case 'minCgpa':
    case 'programmes':
    case 'years':
      return criteriaReason(cause, job, ctx.student);
    case 'notVerified':
    case 'debarred':
    case 'sameOrHigherTier':
    case 'maxOffers':
      return policyReason(cause, ctx.policy, job, ctx.student);
    case 'talkRequired':
      return applying.talkRequired;
    case 'incomplete':
      return applying.incomplete((ctx.missing ?? []).map((p) => profilePartLabels[p]));
  }
}

/** Why this student may not apply to this job, worded, with its kind; null when they may. */
export function applyDecision(job: JobFacts, ctx: ApplyContext): Refusal | null {
  const cause = refusalCause(job, ctx);
  return cause && { kind: kindOf(cause), reason: reasonOf(cause, job, ctx) };
}

/** `applyDecision`'s reason alone: what Apply, offers and the dry run read. */
export const applyRefusal = (job: JobFacts, ctx: ApplyContext): string | null =>
  applyDecision(job, ctx)?.reason ?? null;
