import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/contracts/common';
import { studentRecord } from '@portal/contracts/students';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { StudentsService } from './students.service.ts';

export const studentsRoutes: FastifyPluginAsyncZod<{ studentsService: StudentsService }> = async (
  app,
  { studentsService },
) => {
  app.get(
    '/api/student/getUserData',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: "The signed-in student's record",
        response: { 200: envelope(studentRecord), ...errorResponses },
      },
    },
    async (request) => ({ message: await studentsService.getOwnRecord(currentAccount(request).id) }),
  );
};
