import type { CollegeSettings } from '@portal/contracts/academic-records';
import { applying, verification } from '@portal/contracts/messages';
import {
  type PlacementPolicyVersion,
  policyRefusal,
  type PolicyStudent,
} from '@portal/contracts/placement-policy';
import type { JobRow } from './jobs.repo.ts';

export type StudentFacts = {
  cgpa: number | null;
  degrees: string[];
  yearOfPassing: number | null;
  /** Staff verified the academic details. */
  verified: boolean;
};

const sameDegree = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why this student may not apply to this job, or null when they may. The server's word, shown as is.
 * When the college accepts only verified academic details, unverified ones come first: the facts
 * every other rule reads are not confirmed yet.
 */
export function notEligibleReason(
  job: JobRow,
  student: StudentFacts,
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>,
): string | null {
  if (settings.requireVerifiedAcademics && !student.verified) return verification.notVerified;
  if (job.minCgpa !== null && (student.cgpa === null || student.cgpa < job.minCgpa)) {
    return applying.minCgpa(job.minCgpa, student.cgpa);
  }
  if (
    job.eligibleDegrees.length > 0 &&
    !student.degrees.some((degree) => job.eligibleDegrees.some((allowed) => sameDegree(degree, allowed)))
  ) {
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

/** Why nobody can apply to this job today, or null when applications are open. */
export function closedReason(job: JobRow, today: string): string | null {
  if (job.status !== 'Open') return applying.closed;
  if (job.applicationDeadline < today) return applying.deadlinePassed;
  if (job.startDate > today) return applying.notOpenYet(job.startDate);
  return null;
}

/** Today's date as YYYY-MM-DD, the form job dates are stored in. */
export const isoToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** Everything the decision about one student and any job reads, loaded once per request. */
export type ApplyContext = {
  today: string;
  settings: Pick<CollegeSettings, 'requireVerifiedAcademics'>;
  policy: PlacementPolicyVersion;
  student: StudentFacts & PolicyStudent;
};

/**
 * Why this student may not apply to this job, or null when they may: the one decision behind the
 * vacancy list and Apply. A debarment in force comes first (it stops every job, so it is what the
 * student needs to read), then the job's timing, its criteria, and the placement policy.
 */
export function applyRefusal(job: JobRow, ctx: ApplyContext): string | null {
  const refusal = () => policyRefusal(ctx.policy, job, ctx.student, ctx.settings);
  if (ctx.student.debarment) return refusal();
  return closedReason(job, ctx.today) ?? notEligibleReason(job, ctx.student, ctx.settings) ?? refusal();
}
