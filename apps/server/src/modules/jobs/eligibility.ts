import { applying } from '@portal/contracts/messages';
import type { JobRow } from './jobs.repo.ts';

export type StudentFacts = { cgpa: number | null; degrees: string[]; yearOfPassing: number | null };

const sameDegree = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why this student may not apply to this job, or null when they may. The server's word, shown as is. */
export function notEligibleReason(job: JobRow, student: StudentFacts): string | null {
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
