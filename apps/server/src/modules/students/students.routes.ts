import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@portal/contracts/api/students';
import { route } from '../../lib/route.ts';
import type { StudentsService } from './students.service.ts';

export async function studentsRoutes(
  app: FastifyInstance,
  { studentsService }: { studentsService: StudentsService },
) {
  route(app, studentsApi.profile, ({ account }) =>
    studentsService.getOwnRecord(account.id, { reading: true }),
  );
  route(app, studentsApi.updateProfileDetail, ({ account, body }) =>
    studentsService.updateProfileDetail(account.id, body),
  );
  route(app, studentsApi.updateInternship, ({ account, params, body }) =>
    studentsService.updateInternship(account.id, params.id, body),
  );
  route(app, studentsApi.deleteInternship, ({ account, params }) =>
    studentsService.deleteInternship(account.id, params.id),
  );
  route(app, studentsApi.updateProject, ({ account, params, body }) =>
    studentsService.updateProject(account.id, params.id, body),
  );
  route(app, studentsApi.deleteProject, ({ account, params }) =>
    studentsService.deleteProject(account.id, params.id),
  );
}
