import type { FastifyInstance } from 'fastify';
import { universityApi } from '@portal/contracts/api/university';
import { route } from '../../lib/route.ts';
import type { UniversityService } from './university.service.ts';

export async function universityRoutes(
  app: FastifyInstance,
  { universityService }: { universityService: UniversityService },
) {
  route(app, universityApi.statistics, () => universityService.statistics());
  route(app, universityApi.director, ({ account }) => universityService.isDirector(account.id));
}
