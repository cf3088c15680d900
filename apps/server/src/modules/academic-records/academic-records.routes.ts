import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  academicChangeRequestPage,
  academicChangeRequestQuery,
  academicDecisionBody,
  collegeSettings,
} from '@portal/contracts/academic-records';
import { envelope, idParam } from '@portal/contracts/common';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { AcademicRecordsService } from './academic-records.service.ts';

/** The placement cell's side of verified academic details: change requests and the settings. */
export const academicRecordsRoutes: FastifyPluginAsyncZod<{
  academicRecordsService: AcademicRecordsService;
}> = async (app, { academicRecordsService: service }) => {
  const config = { access: ['college-staff'] } as const;
  const tags = ['college-staff'];

  app.get(
    '/api/college-staff/academicChangeRequests',
    {
      config,
      schema: {
        tags,
        summary: "Students' changes to verified academic details, by status (Pending first in, first out)",
        querystring: academicChangeRequestQuery,
        response: { 200: envelope(academicChangeRequestPage), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.list(request.query) }),
  );

  app.put(
    '/api/college-staff/academicChangeRequests/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Approve (apply to the record) or reject a waiting change, with an optional reason',
        params: idParam,
        body: academicDecisionBody,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => ({
      message: await service.decide(currentAccount(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/college-staff/settings',
    {
      config,
      schema: {
        tags,
        summary: "The placement cell's settings",
        response: { 200: envelope(collegeSettings), ...errorResponses },
      },
    },
    async () => ({ message: await service.settings() }),
  );

  app.put(
    '/api/college-staff/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Change the settings (whether only verified students can apply)',
        body: collegeSettings,
        response: { 200: envelope(collegeSettings), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.saveSettings(currentAccount(request), request.body) }),
  );
};
