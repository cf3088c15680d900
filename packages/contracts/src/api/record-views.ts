import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { recordViewPage, recordViewQuery } from '../record-views.ts';

/** Who opened a student's record or resume: the student reads their own list, staff any student's. */
export const recordViewsApi = {
  own: endpoint({
    method: 'GET',
    path: '/api/student/recordViews',
    access: ['student'],
    summary: 'Who opened your record or resume, newest first, a page at a time',
    query: recordViewQuery,
    response: recordViewPage,
  }),

  ofStudent: endpoint({
    method: 'GET',
    path: '/api/college-staff/students/:id/recordViews',
    access: ['college-staff'],
    summary: "Who opened a student's record or resume, newest first, a page at a time",
    params: idParam,
    query: recordViewQuery,
    response: recordViewPage,
  }),
};
