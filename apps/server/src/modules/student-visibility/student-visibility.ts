import { eq, sql, type SQL } from 'drizzle-orm';
import type { AccountStatus } from '@portal/contracts/common';
import { approval, notFound } from '@portal/contracts/messages';
import {
  companyMaySeeStudents,
  studentVisibility,
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
  student: { id: string; status: AccountStatus },
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
      return companyMaySeeStudents(viewer.status) ? eq(student.status, 'Allowed') : sql`false`;
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
 * The status filter that keeps a student list to the students the viewer sees in full, for the
 * list queries tuned around their filters (student-records.repo): staff see every status (their
 * own filter stands), a company only students in good standing.
 */
export function statusInView<S extends AccountStatus>(
  viewer: Viewer,
  asked: S | undefined,
): S | 'Allowed' | undefined {
  requireStudentsInView(viewer);
  return viewer.role === 'company' ? 'Allowed' : asked;
}
