import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  eraseStudentBody,
  erasureStatus,
  retentionApplied,
  retentionApplyBody,
  retentionPreview,
  retentionSetting,
} from '../own-data.ts';

/** A student's own data (the ZIP), and the placement cell's erasure of graduates' accounts. */
export const ownDataApi = {
  myData: endpoint({
    method: 'GET',
    path: '/api/student/myData',
    access: ['student'],
    summary:
      'Everything the portal holds about the signed-in student, as a ZIP of JSON files and their uploads, streamed',
    raw: { produces: ['application/zip'] },
    response: z.string(),
  }),

  erasureStatus: endpoint({
    method: 'GET',
    path: '/api/college-staff/students/:id/erasure',
    access: ['college-staff'],
    summary: "Whether the student's account may be closed and erased now, and if not, why",
    params: idParam,
    response: erasureStatus,
  }),

  erase: endpoint({
    method: 'POST',
    path: '/api/college-staff/students/:id/erase',
    access: ['college-staff'],
    summary:
      "Close a graduate's account and erase their personal data (typed full name and a reason; 409 if already erased)",
    params: idParam,
    body: eraseStudentBody,
    response: z.string(),
  }),

  retention: endpoint({
    method: 'GET',
    path: '/api/college-staff/retention',
    access: ['college-staff'],
    summary: 'Months after the year of passing after which accounts are erased in bulk (null: off)',
    response: retentionSetting,
  }),

  saveRetention: endpoint({
    method: 'PUT',
    path: '/api/college-staff/retention',
    access: ['college-staff'],
    summary: 'Save the retention setting (null turns it off)',
    body: retentionSetting,
    response: retentionSetting,
  }),

  previewRetention: endpoint({
    method: 'POST',
    path: '/api/college-staff/retention/preview',
    access: ['college-staff'],
    summary: 'The students the saved retention setting would erase now: the count and the first 20',
    response: retentionPreview,
  }),

  applyRetention: endpoint({
    method: 'POST',
    path: '/api/college-staff/retention/apply',
    access: ['college-staff'],
    summary: 'Erase every student due under the retention setting, in batches, with a reason',
    body: retentionApplyBody,
    response: retentionApplied,
  }),
};
