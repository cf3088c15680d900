import { z } from 'zod';
import { applyBody, studentApplication, withdrawableStages } from '../applications.ts';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { jobPage } from '../jobs.ts';

/** A student's applications: applying to a job, and the list of them. */
export const applicationsApi = {
  apply: endpoint({
    method: 'POST',
    path: '/api/student/jobApplyByStudent',
    access: ['student'],
    summary: 'Apply to a job',
    body: applyBody,
    response: z.string(),
    status: 201,
  }),

  jobPage: endpoint({
    method: 'GET',
    path: '/api/student/jobs/:id',
    access: ['student'],
    summary:
      'One job as the student sees it: eligibility and its reason, their application, the stages, the review',
    description:
      'Any status (a closed job says so; a job of a company not approved is not found). `missing` ' +
      'lists the profile parts Apply needs that the student has not given (roll number, CGPA, ' +
      'degree, resume); `record` is the student as the company will see them.',
    params: idParam,
    response: jobPage,
  }),

  withdraw: endpoint({
    method: 'POST',
    path: '/api/student/applications/:id/withdraw',
    access: ['student'],
    summary: 'Withdraw an own application while it is at ' + withdrawableStages.join(' or '),
    description:
      'Moves it to Withdrawn (a stage of its history), cancels its calendar events, and tells the ' +
      'company. Refused (409) once the company has shortlisted it.',
    params: idParam,
    response: z.string(),
  }),

  closeOthers: endpoint({
    method: 'POST',
    path: '/api/college-staff/students/:id/closeOtherApplications',
    access: ['college-staff'],
    summary: "Close a placed student's other applications in one step",
    description:
      'For a student with an accepted offer: every application not yet at Offer Letter, Rejected ' +
      'or Withdrawn moves to Withdrawn (by the placement cell, with a note), its schedule dropped; ' +
      "each company is told, and the student's audit log records it. 409 when the student has not " +
      'accepted an offer.',
    params: idParam,
    response: z.string(),
  }),

  mine: endpoint({
    method: 'GET',
    path: '/api/student/applications',
    access: ['student'],
    summary: "The student's applications with their stage history: the newest 200 (bounds.applications)",
    response: z.array(studentApplication),
  }),
};
