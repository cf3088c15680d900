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
  policyRefusal,
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

/**
 * Why this student may not apply to this job, or null when they may. The server's word, shown as is.
 * When the college accepts only verified academic details, unverified ones come first: the facts
 * every other rule reads are not confirmed yet.
 */
export function notEligibleReason(
  job: JobCriteria,
  student: StudentFacts,
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>,
): string | null {
  if (settings.requireVerifiedAcademics && !student.verified) return verification.notVerified;
  if (job.minCgpa !== null && (student.cgpa === null || student.cgpa < job.minCgpa)) {
    return applying.minCgpa(job.minCgpa, student.cgpa);
  }
  if (!meetsTargets(job.eligibleProgrammes, student.programme)) {
    return applying.degrees(requiredLabels(job));
  }
  if (
    job.eligibleYears.length > 0 &&
    (student.yearOfPassing === null || !job.eligibleYears.includes(student.yearOfPassing))
  ) {
    return applying.years(job.eligibleYears);
  }
  return null;
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

/** Why nobody can apply to this job today, or null when applications are open. */
export function closedRefusal(job: JobFacts, today: string): Refusal | null {
  if (job.status !== 'Open') return { kind: 'closed', reason: applying.closed };
  if (job.applicationDeadline < today) return { kind: 'closed', reason: applying.deadlinePassed };
  if (job.startDate > today) return { kind: 'notOpenYet', reason: applying.notOpenYet(job.startDate) };
  return null;
}

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
 * Why this student may not apply to this job, or null when they may: the one decision behind the
 * vacancy lists and Apply. A debarment in force comes first (it stops every job, so it is what the
 * student needs to read), then the job's timing, its criteria, the placement policy, the job's
 * required talk (attended or not), and last the
 * profile parts every application needs (worth adding only for a job the student may apply to).
 */
export function applyDecision(job: JobFacts, ctx: ApplyContext): Refusal | null {
  // No closures here: the vacancy list runs this for every open job, for every student.
  if (ctx.student.debarment) return notEligible(policyRefusal(ctx.policy, job, ctx.student, ctx.settings));
  return (
    closedRefusal(job, ctx.today) ??
    notEligible(notEligibleReason(job, ctx.student, ctx.settings)) ??
    notEligible(policyRefusal(ctx.policy, job, ctx.student, ctx.settings)) ??
    notEligible(talkRefusal(job, ctx.attended)) ??
    incomplete(ctx.missing)
  );
}

/** A job that names its talk (`requiredEventId`) takes only students who attended it. */
const talkRefusal = (job: JobFacts, attended: ReadonlySet<string> | undefined): string | null =>
  job.requiredEventId && attended && !attended.has(job.requiredEventId) ? applying.talkRequired : null;

const incomplete = (missing: readonly ProfilePart[] | undefined): Refusal | null =>
  missing && missing.length > 0
    ? { kind: 'incomplete', reason: applying.incomplete(missing.map((p) => profilePartLabels[p])) }
    : null;

const notEligible = (reason: string | null): Refusal | null =>
  reason === null ? null : { kind: 'notEligible', reason };

/** `applyDecision`'s reason alone: what Apply, offers and the dry run read. */
export const applyRefusal = (job: JobFacts, ctx: ApplyContext): string | null =>
  applyDecision(job, ctx)?.reason ?? null;
