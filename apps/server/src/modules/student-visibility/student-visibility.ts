import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AccountStatus } from '@portal/contracts/common';
import { collegeMessages } from '@portal/contracts/colleges';
import { approval, notFound } from '@portal/contracts/messages';
import {
  companyMaySeeStudents,
  studentVisibility,
  type SeenStudent,
  type StudentVisibility,
  type Viewer,
} from '@portal/contracts/student-visibility';
import { accounts } from '../../db/schema.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';

/*
 * "Who may see this student", enforced: the contracts' `studentVisibility` decides one student at a
 * time; the SQL below is its twin for queries that select many. Every read that shows a student to
 * a company or staff member goes through one of them (student-visibility.test.ts checks that the
 * two agree on every viewer and student status).
 */

/**
 * Refuses a viewer who may see no student at all: a company the placement cell does not allow to
 * recruit (awaiting approval, moved back to Pending) is told so, whatever it asked for.
 */
export function requireStudentsInView(viewer: Viewer): void {
  if (viewer.role === 'company' && !companyMaySeeStudents(viewer.status)) {
    throw new Forbidden(viewer.status === 'Rejected' ? approval.rejected : approval.awaiting);
  }
}

/**
 * The viewer's visibility of one student, refusing `none` (a company not allowed to recruit: 403;
 * a student out of its view: 404, as if absent).
 */
export function visibilityOrRefuse(
  viewer: Viewer,
  student: SeenStudent,
  relation?: { applicant: boolean },
): Exclude<StudentVisibility, 'none'> {
  requireStudentsInView(viewer);
  const seen = studentVisibility(viewer, student, relation);
  if (seen === 'none') throw new NotFound(notFound.student);
  return seen;
}

/**
 * The SQL twin of `studentVisibility(viewer, student) === 'full'` on the student's `accounts` row:
 * the students a viewer may see in full (record, contact details, files).
 */
export function fullyVisibleSql(viewer: Viewer, student: typeof accounts = accounts): SQL {
  switch (viewer.role) {
    case 'college-staff':
      return sql`true`;
    case 'student':
      return eq(student.id, viewer.id);
    case 'company':
      return companyMaySeeStudents(viewer.status) && viewer.recruitsAt.length > 0
        ? and(eq(student.status, 'Allowed'), inArray(student.collegeId, [...viewer.recruitsAt]))!
        : sql`false`;
  }
}

/**
 * The SQL twin of the full visibility of an applicant to its company, as a boolean column: the
 * applicant list, its CSV and the resume book show every applicant, and this says whose record,
 * contact details and files go with the row.
 */
export function fullyVisibleColumn(viewer: Viewer, student: typeof accounts = accounts): SQL<boolean> {
  return sql<boolean>`(${fullyVisibleSql(viewer, student)})`;
}

/**
 * The status and college filters that keep a student list to the students the viewer sees in
 * full, for the list queries tuned around their filters (student-records.repo): staff see every
 * status of their own college (their own filters stand, the wall keeps the college), a company
 * only students in good standing, of one college that allows it to recruit (the one asked, or the
 * first); a college that does not allow it is refused as if absent.
 */
export function studentsInView<S extends AccountStatus>(
  viewer: Viewer,
  asked: { status?: S | undefined; college?: number | undefined },
): { status: S | 'Allowed' | undefined; college: number | undefined } {
  requireStudentsInView(viewer);
  if (viewer.role !== 'company') return { status: asked.status, college: undefined };
  const college = asked.college ?? viewer.recruitsAt[0];
  if (college === undefined || !viewer.recruitsAt.includes(college)) {
    throw new NotFound(collegeMessages.noSuchCollege);
  }
  return { status: 'Allowed', college };
}
