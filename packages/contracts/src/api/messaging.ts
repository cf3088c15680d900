import { z } from 'zod';
import { idParam, pageQuery } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  messagePreview,
  sentMessagePage,
  stageMessageBody,
  stageMessagePreviewBody,
  staffMessageBody,
} from '../messaging.ts';

/*
 * Messages written to many: a company's to its applicants at a stage, staff's to a filtered student
 * list. The applicants are students: a company awaiting approval sees none, so it messages none.
 */
export const messagingApi = {
  sendToStage: endpoint({
    method: 'POST',
    path: '/api/company/jobs/:id/messages',
    access: ['company'],
    approvedCompanyOnly: true,
    summary:
      'Send one message to every applicant of the own job at a stage (at most 5,000), as a notification and, where their settings allow, an email',
    params: idParam,
    body: stageMessageBody,
    response: z.string(),
    status: 201,
  }),

  previewToStage: endpoint({
    method: 'POST',
    path: '/api/company/jobs/:id/messages/preview',
    access: ['company'],
    approvedCompanyOnly: true,
    summary:
      'The message filled for the first applicant at the stage (or the one given), and how many would receive it; writes nothing',
    params: idParam,
    body: stageMessagePreviewBody,
    response: messagePreview,
  }),

  sentToStage: endpoint({
    method: 'GET',
    path: '/api/company/jobs/:id/messages',
    access: ['company'],
    approvedCompanyOnly: true,
    summary:
      "Messages sent to the own job's applicants, newest first, a page at a time (20 by default, at most 100)",
    params: idParam,
    query: z.object(pageQuery),
    response: sentMessagePage,
  }),

  sendToStudents: endpoint({
    method: 'POST',
    path: '/api/college-staff/messages',
    access: ['college-staff'],
    summary:
      "Send one message to every student the student list's filters choose (at most 5,000), as a notification and, where their settings allow, an email",
    body: staffMessageBody,
    response: z.string(),
    status: 201,
  }),

  previewToStudents: endpoint({
    method: 'POST',
    path: '/api/college-staff/messages/preview',
    access: ['college-staff'],
    summary:
      'The message filled for the first student the filters choose, and how many they choose; writes nothing',
    body: staffMessageBody,
    response: messagePreview,
  }),
};
