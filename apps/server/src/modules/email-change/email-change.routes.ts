import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, roles } from '@portal/contracts/common';
import {
  answerEmailChangeBody,
  approveEmailChangeBody,
  checkEmailChangeLinkBody,
  confirmEmailChangeBody,
  pendingEmailChange,
} from '@portal/contracts/email-change';
import { emailChange } from '@portal/contracts/messages';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { EmailChangeService } from './email-change.service.ts';

const answered = { 200: envelope(z.string()), ...errorResponses };

/**
 * A change of a student's sign-in email: the student's answer (in the app, or from the link sent to
 * the current address), the staff's steps when the student cannot reach that address, and the
 * confirmation from the new address.
 */
export const emailChangeRoutes: FastifyPluginAsyncZod<{
  emailChangeService: EmailChangeService;
  attemptRateLimit: preHandlerAsyncHookHandler;
}> = async (app, { emailChangeService: service, attemptRateLimit }) => {
  for (const role of roles) {
    app.post(
      `/api/${role}/confirmEmailChange`,
      {
        config: { access: 'public' },
        preHandler: attemptRateLimit,
        schema: {
          tags: ['auth'],
          summary: "Confirm a new sign-in email with the emailed link; ends all the account's sessions",
          body: confirmEmailChangeBody,
          response: answered,
        },
      },
      async (request) => {
        await service.confirm(role, request.body.token);
        return { message: emailChange.confirmed };
      },
    );
  }

  const student = { access: ['student'] } as const;

  app.get(
    '/api/student/emailChange',
    {
      config: student,
      schema: {
        tags: ['student'],
        summary: 'The change of my sign-in email the placement cell asked for, if one is under way',
        response: { 200: envelope(pendingEmailChange.nullable()), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.pending(currentAccount(request).id) }),
  );

  app.post(
    '/api/student/emailChange/:id/approve',
    {
      config: student,
      preHandler: attemptRateLimit,
      schema: {
        tags: ['student'],
        summary: 'Approve the change with my password: the confirmation link goes to the new address',
        params: idParam,
        body: approveEmailChangeBody,
        response: answered,
      },
    },
    async (request) => ({
      message: await service.approveInApp(
        currentAccount(request),
        request.params.id,
        request.body.currentPassword,
      ),
    }),
  );

  app.post(
    '/api/student/emailChange/:id/decline',
    {
      config: student,
      schema: {
        tags: ['student'],
        summary: 'Decline (or cancel) the change; my email stays as it is',
        params: idParam,
        response: answered,
      },
    },
    async (request) => ({
      message: await service.declineInApp(currentAccount(request), request.params.id),
    }),
  );

  app.post(
    '/api/student/checkEmailChangeLink',
    {
      config: { access: 'public' },
      preHandler: attemptRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'What the link sent to the current address is about, if it can still be used',
        body: checkEmailChangeLinkBody,
        response: { 200: envelope(pendingEmailChange), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.checkAnswerLink(request.body.token) }),
  );

  app.post(
    '/api/student/answerEmailChange',
    {
      config: { access: 'public' },
      preHandler: attemptRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Approve or decline the change with the link sent to the current address',
        body: answerEmailChangeBody,
        response: answered,
      },
    },
    async (request) => ({
      message: await service.answerByLink(request.body.token, request.body.decision),
    }),
  );

  const staff = { access: ['college-staff'] } as const;

  app.post(
    '/api/college-staff/emailChanges/:id/lostAddress',
    {
      config: staff,
      schema: {
        tags: ['college-staff'],
        summary:
          'Record that the student cannot reach the current address: a second staff member must approve',
        params: idParam,
        response: answered,
      },
    },
    async (request) => ({
      message: await service.markLostAddress(currentAccount(request), request.params.id),
    }),
  );

  app.post(
    '/api/college-staff/emailChanges/:id/secondApproval',
    {
      config: staff,
      schema: {
        tags: ['college-staff'],
        summary:
          'Approve, as a second staff member, a change for a student who cannot reach the current address: it waits 72 hours',
        params: idParam,
        response: answered,
      },
    },
    async (request) => ({
      message: await service.secondApprove(currentAccount(request), request.params.id),
    }),
  );
};
