import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import {
  internshipInput,
  projectInput,
  studentRecord,
  updateProfileDetailBody,
} from '@portal/contracts/students';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { StudentsService } from './students.service.ts';

export const studentsRoutes: FastifyPluginAsyncZod<{ studentsService: StudentsService }> = async (
  app,
  { studentsService },
) => {
  const config = { access: ['student'] } as const;
  const replies = { 200: envelope(studentRecord), ...errorResponses };
  const tags = ['student'];

  app.get(
    '/api/student/getUserData',
    { config, schema: { tags, summary: "The signed-in student's record", response: replies } },
    async (request) => ({ message: await studentsService.getOwnRecord(currentAccount(request).id) }),
  );

  app.put(
    '/api/student/updateProfileDetail',
    {
      config,
      schema: {
        tags,
        summary: 'Update one section of the own record, or add an internship or project',
        body: updateProfileDetailBody,
        // A change to verified academic details answers with a message instead of the record.
        response: { ...replies, 200: envelope(z.union([studentRecord, z.string()])) },
      },
    },
    async (request) => ({
      message: await studentsService.updateProfileDetail(currentAccount(request).id, request.body),
    }),
  );

  app.put(
    '/api/student/internships/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit an internship',
        params: idParam,
        body: internshipInput,
        response: replies,
      },
    },
    async (request) => ({
      message: await studentsService.updateInternship(
        currentAccount(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/student/internships/:id',
    { config, schema: { tags, summary: 'Delete an internship', params: idParam, response: replies } },
    async (request) => ({
      message: await studentsService.deleteInternship(currentAccount(request).id, request.params.id),
    }),
  );

  app.put(
    '/api/student/projects/:id',
    {
      config,
      schema: { tags, summary: 'Edit a project', params: idParam, body: projectInput, response: replies },
    },
    async (request) => ({
      message: await studentsService.updateProject(
        currentAccount(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/student/projects/:id',
    { config, schema: { tags, summary: 'Delete a project', params: idParam, response: replies } },
    async (request) => ({
      message: await studentsService.deleteProject(currentAccount(request).id, request.params.id),
    }),
  );
};
