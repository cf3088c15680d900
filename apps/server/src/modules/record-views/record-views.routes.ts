import type { FastifyInstance } from 'fastify';
import { recordViewsApi } from '@portal/contracts/api/record-views';
import { route } from '../../lib/route.ts';
import type { RecordViewsService } from './record-views.service.ts';

/** Who opened a student's record or resume: the student reads their own list, staff any student's. */
export async function recordViewsRoutes(
  app: FastifyInstance,
  { recordViewsService: service }: { recordViewsService: RecordViewsService },
) {
  route(app, recordViewsApi.own, ({ account, query }) => service.list(account.id, query));
  route(app, recordViewsApi.ofStudent, ({ params, query }) => service.list(params.id, query));
}
