import type { FastifyInstance } from 'fastify';
import { studentImportsApi } from '@portal/contracts/api/student-imports';
import { studentImports as messages } from '@portal/contracts/messages';
import { importLimits, importTemplateCsv } from '@portal/contracts/student-imports';
import { readUpload } from '../../lib/multipart-upload.ts';
import { route } from '../../lib/route.ts';
import type { StudentImportsService } from './student-imports.service.ts';

/** Staff import students from a CSV: upload for a preview, then confirm (or discard) it. */
export async function studentImportsRoutes(
  app: FastifyInstance,
  { studentImportsService: service }: { studentImportsService: StudentImportsService },
) {
  route(app, studentImportsApi.template, async ({ reply }) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="students-import-template.csv"')
      .send(importTemplateCsv),
  );

  route(app, studentImportsApi.preview, async ({ account, request }) => {
    const { bytes, fileName } = await readUpload(
      request,
      studentImportsApi.preview.upload.field,
      importLimits.maxBytes,
      messages.tooLarge(importLimits.maxBytes / 1_000_000),
    );
    return service.preview(account, fileName, bytes);
  });

  route(app, studentImportsApi.confirm, ({ account, params }) => service.confirm(account, params.id));
  route(app, studentImportsApi.discard, ({ account, params }) => service.discard(account, params.id));
}
