import { z } from 'zod';
import { applyBody, studentApplication } from '../applications.ts';
import { endpoint } from '../endpoint.ts';

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

  mine: endpoint({
    method: 'GET',
    path: '/api/student/applications',
    access: ['student'],
    summary: "The student's applications with their stage history: the newest 200 (bounds.applications)",
    response: z.array(studentApplication),
  }),
};
