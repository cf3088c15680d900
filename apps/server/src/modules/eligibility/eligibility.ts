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
import { type jobs, students } from '../../db/schema.ts';

/** A job as eligibility reads it; a row of the jobs table is one. */
export type JobFacts = Pick<
  typeof jobs.$inferSelect,
  | 'status'
  | 'startDate'
  | 'applicationDeadline'
  | 'minCgpa'
  | 'eligibleDegrees'
  | 'eligibleYears'
  | 'package'
  | 'type'
>;

/** A job's criteria: what `notEligibleReason` and `eligibleStudentSql` compare a student with. */
export type JobCriteria = Pick<JobFacts, 'minCgpa' | 'eligibleDegrees' | 'eligibleYears'>;

export type StudentFacts = {
  cgpa: number | null;
  degrees: string[];
  yearOfPassing: number | null;
  /** Staff verified the academic details. */
  verified: boolean;
};

/**
 * A degree as eligibility compares it: trimmed, ASCII letters in lower case. ASCII only so the
 * database can make the very same comparison (`lower(… collate "C")` folds ASCII only, on PGlite
 * and on any server locale) when new-job notices find the eligible students.
 */
const degreeKeys = new Map<string, string>();
export const degreeKey = (degree: string): string => {
  // The vacancy list decides every open job for each student: a college's few degree names are
  // worked out once, not a thousand times a request.
  let key = degreeKeys.get(degree);
  if (key === undefined) {
    key = degree.trim().replace(/[A-Z]+/g, (m) => m.toLowerCase());
    if (degreeKeys.size < 10_000) degreeKeys.set(degree, key);
  }
  return key;
};

/** The characters String.prototype.trim removes, for the database's `btrim` to remove the same. */
export const TRIMMED_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** Whether the student holds one of the degrees (loops, not closures: it runs for every open job). */
function sharesDegree(held: string[], allowed: string[]): boolean {
  for (const degree of held) {
    const key = degreeKey(degree);
    for (const other of allowed) if (degreeKey(other) === key) return true;
  }
  return false;
}

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
  if (job.eligibleDegrees.length > 0 && !sharesDegree(student.degrees, job.eligibleDegrees)) {
    return applying.degrees(job.eligibleDegrees);
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
 * is a bound value; degrees are compared by `degreeKey`, which the database repeats with
 * `lower(btrim(…) collate "C")`. The query it goes in must read `students` under its own name.
 */
export function eligibleStudentSql(
  job: JobCriteria,
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>,
): SQL {
  const degrees = [...new Set(job.eligibleDegrees.map(degreeKey))];
  return (
    and(
      settings.requireVerifiedAcademics ? isNotNull(students.academicsVerifiedAt) : undefined,
      // A missing CGPA or year compares as null: not eligible, as in notEligibleReason.
      job.minCgpa !== null ? gte(students.cgpa, job.minCgpa) : undefined,
      degrees.length > 0
        ? sql`exists (select 1 from unnest(${students.degrees}) held
                      where lower(btrim(held, ${TRIMMED_CHARACTERS}) collate "C") in ${degrees})`
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
};

/**
 * Why this student may not apply to this job, or null when they may: the one decision behind the
 * vacancy lists and Apply. A debarment in force comes first (it stops every job, so it is what the
 * student needs to read), then the job's timing, its criteria, the placement policy, and last the
 * profile parts every application needs (worth adding only for a job the student may apply to).
 */
export function applyDecision(job: JobFacts, ctx: ApplyContext): Refusal | null {
  // No closures here: the vacancy list runs this for every open job, for every student.
  if (ctx.student.debarment) return notEligible(policyRefusal(ctx.policy, job, ctx.student, ctx.settings));
  return (
    closedRefusal(job, ctx.today) ??
    notEligible(notEligibleReason(job, ctx.student, ctx.settings)) ??
    notEligible(policyRefusal(ctx.policy, job, ctx.student, ctx.settings)) ??
    incomplete(ctx.missing)
  );
}

const incomplete = (missing: readonly ProfilePart[] | undefined): Refusal | null =>
  missing && missing.length > 0
    ? { kind: 'incomplete', reason: applying.incomplete(missing.map((p) => profilePartLabels[p])) }
    : null;

const notEligible = (reason: string | null): Refusal | null =>
  reason === null ? null : { kind: 'notEligible', reason };

/** `applyDecision`'s reason alone: what Apply, offers and the dry run read. */
export const applyRefusal = (job: JobFacts, ctx: ApplyContext): string | null =>
  applyDecision(job, ctx)?.reason ?? null;
