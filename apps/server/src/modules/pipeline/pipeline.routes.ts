import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import {
  applicantDetails,
  applicantPage,
  applicantsQuery,
  bulkMoveBody,
  moveStageBody,
} from '@portal/contracts/pipeline';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { PipelineService } from './pipeline.service.ts';

/** The hiring pipeline: a company sees and moves only the applicants of its own jobs. */
export const pipelineRoutes: FastifyPluginAsyncZod<{ pipelineService: PipelineService }> = async (
  app,
  { pipelineService: service },
) => {
  // Every route here shows or moves applicants: a company not allowed to recruit is refused.
  const config = { access: ['company'], approvedCompanyOnly: true } as const;
  const tags = ['company'];
  const confirm = { 200: envelope(z.string()), ...errorResponses };

  app.get(
    '/api/company/applicants',
    {
      config,
      schema: {
        tags,
        summary:
          'Applicants of the own jobs, optionally by job and stage, newest first, a page at a time (20 by default, at most 100), with the total',
        querystring: applicantsQuery,
        response: { 200: envelope(applicantPage), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.list(currentAccount(request), request.query) }),
  );

  app.get(
    '/api/company/applicantDetails/:id',
    {
      config,
      schema: {
        tags,
        summary: 'An application with its history and the student',
        params: idParam,
        response: { 200: envelope(applicantDetails), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.details(currentAccount(request), request.params.id) }),
  );

  app.post(
    '/api/company/applications/:id/stage',
    {
      config,
      schema: {
        tags,
        summary: 'Move an application forward, reject it, or reschedule it',
        params: idParam,
        body: moveStageBody,
        response: confirm,
      },
    },
    async (request) => ({
      message: await service.move(currentAccount(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/company/applications/bulk',
    {
      config,
      schema: {
        tags,
        summary: 'Shortlist or reject several applicants',
        body: bulkMoveBody,
        response: confirm,
      },
    },
    async (request) => ({ message: await service.bulk(currentAccount(request), request.body) }),
  );

  app.get(
    '/api/company/jobs/:id/applicants.csv',
    {
      config,
      schema: {
        tags,
        summary:
          "A job's applicants as CSV, every one (not paged): streamed from the database 1,000 at a time",
        params: idParam,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { csv, role } = await service.csv(currentAccount(request), request.params.id);
      const name =
        role
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'job';
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="applicants-${name}.csv"`)
          // A stream is sent as it is (no serializer); the schema documents the text it carries.
          .send(csv as unknown as string)
      );
    },
  );
};
