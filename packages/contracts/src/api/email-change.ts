import { z } from 'zod';
import { idParam } from '../common.ts';
import {
  answerEmailChangeBody,
  approveEmailChangeBody,
  checkEmailChangeLinkBody,
  confirmEmailChangeBody,
  pendingEmailChange,
} from '../email-change.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Every role confirms its new address with the link sent there. Literals and imported schemas
 * only: a schema built out here, outside endpoint(), would stay in the browser's build.
 */
const confirm = {
  access: 'public',
  tags: ['auth'],
  summary: "Confirm a new sign-in email with the emailed link; ends all the account's sessions",
  body: confirmEmailChangeBody,
} as const;

/**
 * A change of a student's sign-in email: the student's answer (in the app, or from the link sent to
 * the current address), the staff's steps when the student cannot reach that address, and the
 * confirmation from the new address.
 */
export const emailChangeApi = {
  student: {
    confirm: endpoint({
      method: 'POST',
      path: '/api/student/confirmEmailChange',
      ...confirm,
      response: z.string(),
    }),

    pending: endpoint({
      method: 'GET',
      path: '/api/student/emailChange',
      access: ['student'],
      summary: 'The change of my sign-in email the placement cell asked for, if one is under way',
      response: pendingEmailChange.nullable(),
    }),

    approve: endpoint({
      method: 'POST',
      path: '/api/student/emailChange/:id/approve',
      access: ['student'],
      summary: 'Approve the change with my password: the confirmation link goes to the new address',
      params: idParam,
      body: approveEmailChangeBody,
      response: z.string(),
    }),

    decline: endpoint({
      method: 'POST',
      path: '/api/student/emailChange/:id/decline',
      access: ['student'],
      summary: 'Decline (or cancel) the change; my email stays as it is',
      params: idParam,
      response: z.string(),
    }),

    checkLink: endpoint({
      method: 'POST',
      path: '/api/student/checkEmailChangeLink',
      access: 'public',
      tags: ['auth'],
      summary: 'What the link sent to the current address is about, if it can still be used',
      body: checkEmailChangeLinkBody,
      response: pendingEmailChange,
    }),

    answer: endpoint({
      method: 'POST',
      path: '/api/student/answerEmailChange',
      access: 'public',
      tags: ['auth'],
      summary: 'Approve or decline the change with the link sent to the current address',
      body: answerEmailChangeBody,
      response: z.string(),
    }),
  },

  'college-staff': {
    confirm: endpoint({
      method: 'POST',
      path: '/api/college-staff/confirmEmailChange',
      ...confirm,
      response: z.string(),
    }),

    lostAddress: endpoint({
      method: 'POST',
      path: '/api/college-staff/emailChanges/:id/lostAddress',
      access: ['college-staff'],
      summary: 'Record that the student cannot reach the current address: a second staff member must approve',
      params: idParam,
      response: z.string(),
    }),

    secondApproval: endpoint({
      method: 'POST',
      path: '/api/college-staff/emailChanges/:id/secondApproval',
      access: ['college-staff'],
      summary:
        'Approve, as a second staff member, a change for a student who cannot reach the current address: it waits 72 hours',
      params: idParam,
      response: z.string(),
    }),
  },

  company: {
    confirm: endpoint({
      method: 'POST',
      path: '/api/company/confirmEmailChange',
      ...confirm,
      response: z.string(),
    }),
  },
};
