import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  applicantDetails,
  applicantNeighbours,
  applicantPage,
  applicantsQuery,
  bulkMoveBody,
  bulkOutcome,
  moveStageBody,
  neighboursQuery,
} from '../pipeline.ts';

/*
 * The hiring pipeline: a company sees and moves only the applicants of its own jobs. Every endpoint
 * here shows or moves applicants, so a company not allowed to recruit is refused.
 */
export const pipelineApi = {
  applicants: endpoint({
    method: 'GET',
    path: '/api/company/applicants',
    access: ['company'],
    approvedCompanyOnly: true,
    summary:
      'Applicants of the own jobs by job, stage, search (name, roll number, email) and record filters (degree, CGPA range, verified, year), sorted (newest first by default), a page at a time (20 by default, at most 100), with the total',
    query: applicantsQuery,
    response: applicantPage,
  }),

  details: endpoint({
    method: 'GET',
    path: '/api/company/applicantDetails/:id',
    access: ['company'],
    approvedCompanyOnly: true,
    summary: 'An application with its history and the student',
    params: idParam,
    response: applicantDetails,
  }),

  neighbours: endpoint({
    method: 'GET',
    path: '/api/company/applicants/:id/neighbours',
    access: ['company'],
    approvedCompanyOnly: true,
    summary:
      "The applicants before and after one in the table's filter and order (the applicant page's previous and next), among the first 2,000",
    params: idParam,
    query: neighboursQuery,
    response: applicantNeighbours,
  }),

  move: endpoint({
    method: 'POST',
    path: '/api/company/applications/:id/stage',
    access: ['company'],
    approvedCompanyOnly: true,
    summary: 'Move an application forward, reject it, or reschedule it',
    params: idParam,
    body: moveStageBody,
    response: z.string(),
  }),

  bulk: endpoint({
    method: 'POST',
    path: '/api/company/applications/bulk',
    access: ['company'],
    approvedCompanyOnly: true,
    summary:
      'Move many applicants (by ids, or every one matching a filter; at most 500) to one stage with one schedule, each moved, audited and told as a single move; each row reports its outcome',
    body: bulkMoveBody,
    response: bulkOutcome,
  }),

  csv: endpoint({
    method: 'GET',
    path: '/api/company/jobs/:id/applicants.csv',
    access: ['company'],
    approvedCompanyOnly: true,
    summary: "A job's applicants as CSV, every one (not paged): streamed from the database 1,000 at a time",
    params: idParam,
    response: z.string(),
    raw: { produces: ['text/csv'] },
  }),
};
