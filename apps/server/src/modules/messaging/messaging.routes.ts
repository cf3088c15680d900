import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, pageQuery } from '@portal/contracts/common';
import {
  messagePreview,
  sentMessagePage,
  stageMessageBody,
  stageMessagePreviewBody,
  staffMessageBody,
} from '@portal/contracts/messaging';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { MessagingService } from './messaging.service.ts';

/** Messages written to many: a company's to its applicants at a stage, staff's to a filtered student list. */
export const messagingRoutes: FastifyPluginAsyncZod<{ messagingService: MessagingService }> = async (
  app,
  { messagingService: service },
) => {
  // The applicants are students: a company awaiting approval sees none, so it messages none.
  const company = { access: ['company'], approvedCompanyOnly: true } as const;
  const staff = { access: ['college-staff'] } as const;
  const sent = { 201: envelope(z.string()), ...errorResponses };
  const preview = { 200: envelope(messagePreview), ...errorResponses };

  app.post(
    '/api/company/jobs/:id/messages',
    {
      config: company,
      schema: {
        tags: ['company'],
        summary:
          'Send one message to every applicant of the own job at a stage (at most 5,000), as a notification and, where their settings allow, an email',
        params: idParam,
        body: stageMessageBody,
        response: sent,
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: await service.sendToStage(currentAccount(request), request.params.id, request.body),
      }),
  );

  app.post(
    '/api/company/jobs/:id/messages/preview',
    {
      config: company,
      schema: {
        tags: ['company'],
        summary:
          'The message filled for the first applicant at the stage (or the one given), and how many would receive it; writes nothing',
        params: idParam,
        body: stageMessagePreviewBody,
        response: preview,
      },
    },
    async (request) => ({
      message: await service.previewToStage(currentAccount(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/company/jobs/:id/messages',
    {
      config: company,
      schema: {
        tags: ['company'],
        summary:
          "Messages sent to the own job's applicants, newest first, a page at a time (20 by default, at most 100)",
        params: idParam,
        querystring: z.object(pageQuery),
        response: { 200: envelope(sentMessagePage), ...errorResponses },
      },
    },
    async (request) => ({
      message: await service.listForJob(currentAccount(request).id, request.params.id, request.query),
    }),
  );

  app.post(
    '/api/college-staff/messages',
    {
      config: staff,
      schema: {
        tags: ['college-staff'],
        summary:
          "Send one message to every student the student list's filters choose (at most 5,000), as a notification and, where their settings allow, an email",
        body: staffMessageBody,
        response: sent,
      },
    },
    async (request, reply) =>
      reply.code(201).send({ message: await service.sendToStudents(currentAccount(request), request.body) }),
  );

  app.post(
    '/api/college-staff/messages/preview',
    {
      config: staff,
      schema: {
        tags: ['college-staff'],
        summary:
          'The message filled for the first student the filters choose, and how many they choose; writes nothing',
        body: staffMessageBody,
        response: preview,
      },
    },
    async (request) => ({ message: await service.previewToStudents(request.body) }),
  );
};
