import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@portal/contracts/common';
import { studentProfileForCompany } from '@portal/contracts/students';
import {
  staffStudentDetails,
  studentListQuery,
  studentPage,
  updateStudentDetailsBody,
} from '@portal/contracts/staff';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { StudentRecordsService } from './student-records.service.ts';

export const studentRecordsRoutes: FastifyPluginAsyncZod<{
  studentRecordsService: StudentRecordsService;
}> = async (app, { studentRecordsService: service }) => {
  const config = { access: ['college-staff'] } as const;
  const tags = ['college-staff'];

  app.get(
    '/api/college-staff/students',
    {
      config,
      schema: {
        tags,
        summary: 'Students by name prefix and filters, sorted by name, a page at a time',
        querystring: studentListQuery,
        response: { 200: envelope(studentPage), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.list(currentAccount(request), request.query) }),
  );

  app.get(
    '/api/college-staff/students.csv',
    {
      config,
      schema: {
        tags,
        summary:
          'The filtered student list as CSV, every match (not paged): streamed from the database 1,000 students at a time',
        querystring: studentListQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await service.csv(currentAccount(request), request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          // A stream is sent as it is (no serializer); the schema documents the text it carries.
          .send(csv as unknown as string)
      );
    },
  );

  app.get(
    '/api/college-staff/getStudentDetails/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "A student's full record with version, audit log and applications: at most 50 internships and 50 projects, the newest 20 notifications, 200 audit entries and 200 applications",
        params: idParam,
        response: { 200: envelope(staffStudentDetails), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.details(currentAccount(request), request.params.id) }),
  );

  app.put(
    '/api/college-staff/updateStudentDetails',
    {
      config,
      schema: {
        tags,
        summary: "Correct a student's record (refused with 409 if it changed since it was loaded)",
        body: updateStudentDetailsBody,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.update(currentAccount(request), request.body) }),
  );

  // Companies browse the same list, limited to students in good standing.
  app.get(
    '/api/company/students',
    {
      config: { access: ['company'], approvedCompanyOnly: true },
      schema: {
        tags: ['company'],
        summary: 'Students in good standing by name prefix and filters, a page at a time',
        querystring: studentListQuery.omit({ status: true }),
        response: { 200: envelope(studentPage), ...errorResponses },
      },
    },
    async (request) => ({ message: await service.listForCompany(currentAccount(request), request.query) }),
  );

  app.get(
    '/api/company/getStudentDetails/:id',
    {
      config: { access: ['company'], approvedCompanyOnly: true },
      schema: {
        tags: ['company'],
        summary: "A student's profile as companies see it",
        params: idParam,
        response: { 200: envelope(studentProfileForCompany), ...errorResponses },
      },
    },
    async (request) => ({
      message: await service.profileForCompany(currentAccount(request), request.params.id),
    }),
  );
};
