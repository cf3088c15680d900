import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import {
  eraseStudentBody,
  erasureStatus,
  retentionApplied,
  retentionApplyBody,
  retentionPreview,
  retentionSetting,
} from '@portal/contracts/own-data';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { OwnDataService } from './own-data.service.ts';

export const ownDataRoutes: FastifyPluginAsyncZod<{ ownDataService: OwnDataService }> = async (
  app,
  { ownDataService: service },
) => {
  app.get(
    '/api/student/myData',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary:
          'Everything the portal holds about the signed-in student, as a ZIP of JSON files and their uploads, streamed',
        produces: ['application/zip'],
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { zip, fileName } = await service.exportZip(currentAccount(request).id);
      request.log.info({ studentId: currentAccount(request).id }, 'student downloaded their data');
      return (
        reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          // A stream is sent as it is (no serializer); the schema documents what it carries.
          .send(zip as unknown as string)
      );
    },
  );

  const staff = { access: ['college-staff'] } as const;
  const tags = ['college-staff'];

  app.get(
    '/api/college-staff/students/:id/erasure',
    {
      config: staff,
      schema: {
        tags,
        summary: "Whether the student's account may be closed and erased now, and if not, why",
        params: idParam,
        response: { 200: envelope(erasureStatus), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.erasureStatus(request.params.id) }),
  );

  app.post(
    '/api/college-staff/students/:id/erase',
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Close a graduate's account and erase their personal data (typed full name and a reason; 409 if already erased)",
        params: idParam,
        body: eraseStudentBody,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => ({
      message: await service.eraseStudent(currentAccount(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/college-staff/retention',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Months after the year of passing after which accounts are erased in bulk (null: off)',
        response: { 200: envelope(retentionSetting), ...errorResponses },
      },
    },
    async () => ({ message: await service.retentionSetting() }),
  );

  app.put(
    '/api/college-staff/retention',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Save the retention setting (null turns it off)',
        body: retentionSetting,
        response: { 200: envelope(retentionSetting), ...errorResponses },
      },
    },
    async (request) => ({
      message: await service.saveRetention(currentAccount(request), request.body.retentionMonths),
    }),
  );

  app.post(
    '/api/college-staff/retention/preview',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The students the saved retention setting would erase now: the count and the first 20',
        response: { 200: envelope(retentionPreview), ...errorResponses },
      },
    },
    async () => ({ message: await service.previewRetention() }),
  );

  app.post(
    '/api/college-staff/retention/apply',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Erase every student due under the retention setting, in batches, with a reason',
        body: retentionApplyBody,
        response: { 200: envelope(retentionApplied), ...errorResponses },
      },
    },
    async (request) => ({
      message: await service.applyRetention(currentAccount(request), request.body.reason),
    }),
  );
};
