import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  GET_JOBS_CAP,
  job,
  jobEdit,
  jobStatusBody,
  ownJob,
  postJobBody,
  vacancyListing,
  vacancyPage,
  vacancyQuery,
} from '../jobs.ts';

/** Jobs: the student's vacancy list, and the company's own postings. */
export const jobsApi = {
  getJobs: endpoint({
    method: 'GET',
    path: '/api/student/getJobs',
    access: ['student'],
    summary: `Open vacancies by company, marked applied or not eligible: at most ${GET_JOBS_CAP}`,
    description:
      `The spec's listing, capped at the ${GET_JOBS_CAP} open jobs with the soonest deadlines ` +
      '(grouped by company in that order). GET /api/student/jobs pages through all of them, ' +
      'with search, sort and an eligible-only filter.',
    response: vacancyListing,
  }),

  vacancies: endpoint({
    method: 'GET',
    path: '/api/student/jobs',
    access: ['student'],
    summary: 'A page of open vacancies: searched, sorted, optionally only those the student may apply to',
    description:
      '`search` matches part of the job role or the company name, in any case. `sort`: ' +
      '`deadline` (soonest first, the default), `newest` (posted), `package` (highest first, ' +
      'none last). `eligibleOnly=true` keeps the jobs the student may apply to today. Each ' +
      'item carries the reason the student may not apply (`notEligibleReason`) and its kind ' +
      '(`refusal`: `notOpenYet`, `closed` or `notEligible`).',
    query: vacancyQuery,
    response: vacancyPage,
  }),

  post: endpoint({
    method: 'POST',
    path: '/api/company/postJob',
    access: ['company'],
    summary: 'Post a job',
    body: postJobBody,
    response: job,
    status: 201,
  }),

  ownJobs: endpoint({
    method: 'GET',
    path: '/api/company/jobs',
    access: ['company'],
    summary: "The company's own jobs, newest first, with applicants per stage: the newest 200 (bounds.jobs)",
    response: z.array(ownJob),
  }),

  update: endpoint({
    method: 'PUT',
    path: '/api/company/jobs/:id',
    access: ['company'],
    summary: 'Edit one of the own jobs',
    description:
      'Colleges, when given, are exactly the colleges the job goes to from now on: at least one, each ' +
      'already posted to or one that allows the company or is still to decide. Left out, they stay.',
    params: idParam,
    body: jobEdit,
    response: job,
  }),

  setStatus: endpoint({
    method: 'PUT',
    path: '/api/company/jobs/:id/status',
    access: ['company'],
    summary: 'Close or reopen one of the own jobs',
    params: idParam,
    body: jobStatusBody,
    response: job,
  }),
};
