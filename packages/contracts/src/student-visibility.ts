import type { AccountStatus, Role } from './common.ts';

/**
 * Who may see what of a student: the one rule every read that shows a student to someone else
 * follows (lists, records, applicants, CSVs, resume books, files, calendar feeds, notifications,
 * messages, and whether a look is recorded). The server's SQL twin is
 * `modules/student-visibility/student-visibility.ts`; the web reads the same rule to explain a
 * withheld record.
 *
 * - `full`: the record, contact details and files; the look is recorded for the student to see.
 * - `withheld`: the student appears (name, and the stage of an application to the viewer's job)
 *   without contact details, record or files; nothing is recorded, since nothing was seen.
 * - `none`: the student does not appear at all.
 */
export type StudentVisibility = 'full' | 'withheld' | 'none';

/**
 * Who looks. `recruitsAt`: for a company, the colleges whose placement cells allow it to recruit
 * (its account's `status` is the summary of its standing at every college it asked); empty for
 * students and staff, whose own college is the database's wall.
 */
export type Viewer = { id: string; role: Role; status: AccountStatus; recruitsAt: readonly number[] };

/** A student as the rule reads them: their account's status and their college. */
export type SeenStudent = { id: string; status: AccountStatus; collegeId: number | null };

/**
 * A company sees students only while a placement cell allows it to recruit: a company awaiting
 * approval, moved back to Pending, suspended or rejected sees none and acts on none (its offers
 * already made stay for the students to answer).
 */
export const companyMaySeeStudents = (status: AccountStatus): boolean => status === 'Allowed';

/**
 * What `viewer` may see of a student whose account is `status`. `applicant`: the student applied to
 * one of the viewer's jobs (a company keeps its applicants in view, withheld, when the placement
 * cell suspends or debars them, so the pipeline still adds up).
 */
export function studentVisibility(
  viewer: Viewer,
  student: SeenStudent,
  relation: { applicant: boolean } = { applicant: false },
): StudentVisibility {
  switch (viewer.role) {
    case 'student':
      return viewer.id === student.id ? 'full' : 'none';
    case 'college-staff':
      return 'full';
    case 'company':
      if (!companyMaySeeStudents(viewer.status)) return 'none';
      if (student.status === 'Allowed' && recruitsAtCollegeOf(viewer, student)) return 'full';
      return relation.applicant ? 'withheld' : 'none';
  }
}

/**
 * A company sees a student's record only at a college that allows it to recruit; an applicant of
 * a college that suspended it since stays in its pipeline, withheld.
 */
const recruitsAtCollegeOf = (viewer: Viewer, student: SeenStudent): boolean =>
  student.collegeId !== null && viewer.recruitsAt.includes(student.collegeId);
