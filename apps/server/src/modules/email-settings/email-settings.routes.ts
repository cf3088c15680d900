import type { FastifyInstance } from 'fastify';
import { emailSettingsApi } from '@portal/contracts/api/email-settings';
import { route } from '../../lib/route.ts';
import type { EmailSettingsService } from './email-settings.service.ts';

/** Which emails a student or a company receives, shown and changed on their profile page. */
export async function emailSettingsRoutes(
  app: FastifyInstance,
  { emailSettingsService: service }: { emailSettingsService: EmailSettingsService },
) {
  route(app, emailSettingsApi.student.get, ({ account }) => service.student(account.id));
  route(app, emailSettingsApi.student.set, ({ account, body }) => service.setStudent(account.id, body));
  route(app, emailSettingsApi.company.get, ({ account }) => service.company(account.id));
  route(app, emailSettingsApi.company.set, ({ account, body }) => service.setCompany(account.id, body));
}
