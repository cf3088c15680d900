import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyBody, studentApplication } from '@portal/contracts/applications';
import { envelope } from '@portal/contracts/common';
import { applying } from '@portal/contracts/messages';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { ApplicationsService } from './applications.service.ts';

export const applicationsRoutes: FastifyPluginAsyncZod<{ applicationsService: ApplicationsService }> = async (
  app,
  { applicationsService },
) => {
  app.post(
    '/api/student/jobApplyByStudent',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Apply to a job',
        body: applyBody,
        response: { 201: envelope(z.string()), ...errorResponses },
      },
    },
    async (request, reply) => {
      await applicationsService.apply(currentAccount(request).id, request.body.jobID);
      return reply.status(201).send({ message: applying.applied });
    },
  );

  app.get(
    '/api/student/applications',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: "The student's applications with their stage history: the newest 200 (bounds.applications)",
        response: { 200: envelope(z.array(studentApplication)), ...errorResponses },
      },
    },
    async (request) => ({ message: await applicationsService.listForStudent(currentAccount(request).id) }),
  );
};
