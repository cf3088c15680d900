import { z } from 'zod';
import {
  academicChangeRequestPage,
  academicChangeRequestQuery,
  academicDecisionBody,
  collegeSettings,
} from '../academic-records.ts';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';

/** The placement cell's side of verified academic details: change requests and the settings. */
export const academicRecordsApi = {
  changeRequests: endpoint({
    method: 'GET',
    path: '/api/college-staff/academicChangeRequests',
    access: ['college-staff'],
    summary: "Students' changes to verified academic details, by status (Pending first in, first out)",
    query: academicChangeRequestQuery,
    response: academicChangeRequestPage,
  }),

  decide: endpoint({
    method: 'PUT',
    path: '/api/college-staff/academicChangeRequests/:id',
    access: ['college-staff'],
    summary: 'Approve (apply to the record) or reject a waiting change, with an optional reason',
    params: idParam,
    body: academicDecisionBody,
    response: z.string(),
  }),

  settings: endpoint({
    method: 'GET',
    path: '/api/college-staff/settings',
    access: ['college-staff'],
    summary: "The placement cell's settings",
    response: collegeSettings,
  }),

  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/college-staff/settings',
    access: ['college-staff'],
    summary: 'Change the settings (whether only verified students can apply)',
    body: collegeSettings,
    response: collegeSettings,
  }),
};
