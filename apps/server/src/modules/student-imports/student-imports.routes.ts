import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import { studentImports as messages } from '@portal/contracts/messages';
import {
  importLimits,
  importPreview,
  importResult,
  importTemplateCsv,
  importUploadField,
} from '@portal/contracts/student-imports';
import { errorResponses } from '../../lib/error-responses.ts';
import { readUpload } from '../../lib/multipart-upload.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { StudentImportsService } from './student-imports.service.ts';

/** Staff import students from a CSV: upload for a preview, then confirm (or discard) it. */
export const studentImportsRoutes: FastifyPluginAsyncZod<{
  studentImportsService: StudentImportsService;
}> = async (app, { studentImportsService: service }) => {
  const config = { access: ['college-staff'] } as const;
  const tags = ['college-staff'];

  app.get(
    '/api/college-staff/imports/template.csv',
    {
      config,
      schema: {
        tags,
        summary: 'The CSV template of a student import: its header and one example row',
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="students-import-template.csv"')
        .send(importTemplateCsv),
  );

  app.post(
    '/api/college-staff/imports',
    {
      config,
      schema: {
        tags,
        summary: `Check a CSV of students (multipart field ${importUploadField}; at most 5 MB and 10,000 rows) and show what importing it would do; nothing is written to students`,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(importPreview), ...errorResponses },
      },
    },
    async (request) => {
      const { bytes, fileName } = await readUpload(
        request,
        importUploadField,
        importLimits.maxBytes,
        messages.tooLarge(importLimits.maxBytes / 1_000_000),
      );
      return { message: await service.preview(currentAccount(request), fileName, bytes) };
    },
  );

  app.post(
    '/api/college-staff/imports/:id/confirm',
    {
      config,
      schema: {
        tags,
        summary:
          'Apply a previewed import in one transaction: refused while it has errors (400), once applied (409) or when the students changed since the preview (409)',
        params: idParam,
        response: { 200: envelope(importResult), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.confirm(currentAccount(request), request.params.id) }),
  );

  app.delete(
    '/api/college-staff/imports/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Discard a previewed import; nothing is changed',
        params: idParam,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.discard(currentAccount(request), request.params.id) }),
  );
};
