import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/contracts/common';
import { staffProfileUpdate, staffRecord } from '@portal/contracts/staff';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { StaffService } from './staff.service.ts';

export const staffRoutes: FastifyPluginAsyncZod<{ staffService: StaffService }> = async (
  app,
  { staffService },
) => {
  app.get(
    '/api/college-staff/getCollegeStaffData',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary: "The signed-in staff member's record",
        response: { 200: envelope(staffRecord), ...errorResponses },
      },
    },
    async (request) => ({ message: await staffService.getOwnRecord(currentAccount(request).id) }),
  );

  app.put(
    '/api/college-staff/collegeStaffProfileUpdate',
    {
      config: { access: ['college-staff'] },
      schema: {
        tags: ['college-staff'],
        summary: 'Update the own personal details (not the email)',
        body: staffProfileUpdate,
        response: { 200: envelope(staffRecord), ...errorResponses },
      },
    },
    async (request) => ({
      message: await staffService.updateProfile(currentAccount(request).id, request.body),
    }),
  );
};
