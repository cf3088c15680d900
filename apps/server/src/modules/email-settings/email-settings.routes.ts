import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/contracts/common';
import { companyEmailSettings, studentEmailSettings } from '@portal/contracts/email-settings';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { EmailSettingsService } from './email-settings.service.ts';

/** Which emails a student or a company receives, shown and changed on their profile page. */
export const emailSettingsRoutes: FastifyPluginAsyncZod<{
  emailSettingsService: EmailSettingsService;
}> = async (app, { emailSettingsService: service }) => {
  const tags = ['email settings'];
  const student = { tags, response: { 200: envelope(studentEmailSettings), ...errorResponses } };
  const company = { tags, response: { 200: envelope(companyEmailSettings), ...errorResponses } };

  app.get(
    '/api/student/emailSettings',
    { config: { access: ['student'] }, schema: { ...student, summary: "The student's email settings" } },
    async (request) => ({ message: await service.student(currentAccount(request).id) }),
  );

  app.put(
    '/api/student/emailSettings',
    {
      config: { access: ['student'] },
      schema: {
        ...student,
        summary: 'Turn stage-change and interview emails on or off',
        body: studentEmailSettings,
      },
    },
    async (request) => ({ message: await service.setStudent(currentAccount(request).id, request.body) }),
  );

  app.get(
    '/api/company/emailSettings',
    { config: { access: ['company'] }, schema: { ...company, summary: "The company's email settings" } },
    async (request) => ({ message: await service.company(currentAccount(request).id) }),
  );

  app.put(
    '/api/company/emailSettings',
    {
      config: { access: ['company'] },
      schema: { ...company, summary: 'Turn new-applicant emails on or off', body: companyEmailSettings },
    },
    async (request) => ({ message: await service.setCompany(currentAccount(request).id, request.body) }),
  );
};
