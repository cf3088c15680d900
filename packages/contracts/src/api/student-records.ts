import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { bulkOutcome } from '../pipeline.ts';
import {
  staffStudentDetails,
  studentBulkBody,
  studentListQuery,
  studentPage,
  updateStudentDetailsBody,
} from '../staff.ts';
import { studentProfileForCompany } from '../students.ts';

/** Students' records: the placement cell's list, export, details and corrections; the companies' view. */
export const studentRecordsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/college-staff/students',
    access: ['college-staff'],
    summary: 'Students by name prefix and filters, sorted by name, a page at a time',
    query: studentListQuery,
    response: studentPage,
  }),

  csv: endpoint({
    method: 'GET',
    path: '/api/college-staff/students.csv',
    access: ['college-staff'],
    summary:
      'The filtered student list as CSV, every match (not paged): streamed from the database 1,000 students at a time',
    query: studentListQuery,
    raw: { produces: ['text/csv'] },
    response: z.string(),
  }),

  details: endpoint({
    method: 'GET',
    path: '/api/college-staff/getStudentDetails/:id',
    access: ['college-staff'],
    summary:
      "A student's full record with version, audit log and applications: at most 50 internships and 50 projects, the newest 20 notifications, 200 audit entries and 200 applications",
    params: idParam,
    response: staffStudentDetails,
  }),

  update: endpoint({
    method: 'PUT',
    path: '/api/college-staff/updateStudentDetails',
    access: ['college-staff'],
    summary: "Correct a student's record (refused with 409 if it changed since it was loaded)",
    body: updateStudentDetailsBody,
    response: z.string(),
  }),

  bulk: endpoint({
    method: 'POST',
    path: '/api/college-staff/students/bulk',
    access: ['college-staff'],
    summary:
      'Verify many students, or give them one account or placement status (by ids, or every one matching the list filter; at most 500), each change audited on the student; each row reports its outcome',
    body: studentBulkBody,
    response: bulkOutcome,
  }),

  // Companies browse the same list, limited to students in good standing.
  companyList: endpoint({
    method: 'GET',
    path: '/api/company/students',
    access: ['company'],
    approvedCompanyOnly: true,
    summary: 'Students in good standing by name prefix and filters, a page at a time',
    query: studentListQuery.omit({ status: true }),
    response: studentPage,
  }),

  companyProfile: endpoint({
    method: 'GET',
    path: '/api/company/getStudentDetails/:id',
    access: ['company'],
    approvedCompanyOnly: true,
    summary: "A student's profile as companies see it",
    params: idParam,
    response: studentProfileForCompany,
  }),
};
