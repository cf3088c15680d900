import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { companyResumeBookQuery, staffResumeBookQuery } from '../resume-book.ts';

/** Resume books: a ZIP of resumes with applicants.csv, streamed as it is made (a link downloads it). */
export const resumeBookApi = {
  forJob: endpoint({
    method: 'GET',
    path: '/api/company/jobs/:id/resumeBook',
    access: ['company'],
    approvedCompanyOnly: true,
    summary:
      "A ZIP of a job's applicants' resumes (<roll number>-<name>.pdf) and applicants.csv: those at `stage`, or the ticked `applicationIds` (comma-separated), at most 2,000; each is recorded as viewed",
    params: idParam,
    query: companyResumeBookQuery,
    response: z.string().describe('A ZIP file'),
    raw: { produces: ['application/zip'] },
  }),

  forStudents: endpoint({
    method: 'GET',
    path: '/api/college-staff/students/resumeBook',
    access: ['college-staff'],
    summary:
      "A ZIP of the filtered student list's resumes and applicants.csv (the list's filters, every match, at most 2,000); each is recorded as viewed",
    query: staffResumeBookQuery,
    response: z.string().describe('A ZIP file'),
    raw: { produces: ['application/zip'] },
  }),
};
