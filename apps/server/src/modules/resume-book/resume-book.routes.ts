import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@portal/contracts/common';
import { companyResumeBookQuery, staffResumeBookQuery } from '@portal/contracts/resume-book';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { ResumeBookService } from './resume-book.service.ts';

/** Resume books: a ZIP of resumes with applicants.csv, streamed as it is made. */
export const resumeBookRoutes: FastifyPluginAsyncZod<{ resumeBookService: ResumeBookService }> = async (
  app,
  { resumeBookService: service },
) => {
  const zipResponse = {
    produces: ['application/zip'],
    // A stream is sent as it is (no serializer); the schema documents the bytes it carries.
    response: { 200: z.string().describe('A ZIP file'), ...errorResponses },
  };
  const sendZip = (reply: FastifyReply, { zip, fileName }: { zip: Readable; fileName: string }) =>
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(zip);

  app.get(
    '/api/company/jobs/:id/resumeBook',
    {
      config: { access: ['company'], approvedCompanyOnly: true },
      schema: {
        tags: ['company'],
        summary:
          "A ZIP of a job's applicants' resumes (<roll number>-<name>.pdf) and applicants.csv: those at `stage`, or the ticked `applicationIds` (comma-separated), at most 2,000; each is recorded as viewed",
        params: idParam,
        querystring: companyResumeBookQuery,
        ...zipResponse,
      },
    },
    async (request, reply) =>
      sendZip(reply, await service.forJob(currentAccount(request), request.params.id, request.query)),
  );

  app.get(
    '/api/college-staff/students/resumeBook',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary:
          "A ZIP of the filtered student list's resumes and applicants.csv (the list's filters, every match, at most 2,000); each is recorded as viewed",
        querystring: staffResumeBookQuery,
        ...zipResponse,
      },
    },
    async (request, reply) =>
      sendZip(reply, await service.forStudents(currentAccount(request), request.query)),
  );
};
