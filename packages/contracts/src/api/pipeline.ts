import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  applicantDetails,
  applicantPage,
  applicantsQuery,
  bulkMoveBody,
  moveStageBody,
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
      'Applicants of the own jobs, optionally by job and stage, newest first, a page at a time (20 by default, at most 100), with the total',
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
    summary: 'Shortlist or reject several applicants',
    body: bulkMoveBody,
    response: z.string(),
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
