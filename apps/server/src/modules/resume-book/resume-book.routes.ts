import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resumeBookApi } from '@portal/contracts/api/resume-book';
import { route } from '../../lib/route.ts';
import type { ResumeBookService } from './resume-book.service.ts';

/** Resume books: a ZIP of resumes with applicants.csv, streamed as it is made. */
export async function resumeBookRoutes(
  app: FastifyInstance,
  { resumeBookService: service }: { resumeBookService: ResumeBookService },
) {
  // A stream is sent as it is (no serializer); the endpoint's schema documents the bytes it carries.
  const sendZip = (reply: FastifyReply, { zip, fileName }: { zip: Readable; fileName: string }) =>
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(zip);

  route(app, resumeBookApi.forJob, async ({ account, params, query, reply }) =>
    sendZip(reply, await service.forJob(account, params.id, query)),
  );
  route(app, resumeBookApi.forStudents, async ({ account, query, reply }) =>
    sendZip(reply, await service.forStudents(account, query)),
  );
}
