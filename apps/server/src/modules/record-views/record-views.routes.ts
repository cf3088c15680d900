import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, idParam } from '@portal/contracts/common';
import { recordViewPage, recordViewQuery } from '@portal/contracts/record-views';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { RecordViewsService } from './record-views.service.ts';

/** Who opened a student's record or resume: the student reads their own list, staff any student's. */
export const recordViewsRoutes: FastifyPluginAsyncZod<{ recordViewsService: RecordViewsService }> = async (
  app,
  { recordViewsService: service },
) => {
  const response = { 200: envelope(recordViewPage), ...errorResponses };

  app.get(
    '/api/student/recordViews',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Who opened your record or resume, newest first, a page at a time',
        querystring: recordViewQuery,
        response,
      },
    },
    async (request) => ({ message: await service.list(currentAccount(request).id, request.query) }),
  );

  app.get(
    '/api/college-staff/students/:id/recordViews',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary: "Who opened a student's record or resume, newest first, a page at a time",
        params: idParam,
        querystring: recordViewQuery,
        response,
      },
    },
    async (request) => ({ message: await service.list(request.params.id, request.query) }),
  );
};
