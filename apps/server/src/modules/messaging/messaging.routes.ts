import type { FastifyInstance } from 'fastify';
import { messagingApi } from '@portal/contracts/api/messaging';
import { route } from '../../lib/route.ts';
import type { MessagingService } from './messaging.service.ts';

/** Messages written to many: a company's to its applicants at a stage, staff's to a filtered student list. */
export async function messagingRoutes(
  app: FastifyInstance,
  { messagingService: service }: { messagingService: MessagingService },
) {
  route(app, messagingApi.sendToStage, ({ account, params, body }) =>
    service.sendToStage(account, params.id, body),
  );
  route(app, messagingApi.previewToStage, ({ account, params, body }) =>
    service.previewToStage(account, params.id, body),
  );
  route(app, messagingApi.sentToStage, ({ account, params, query }) =>
    service.listForJob(account.id, params.id, query),
  );
  route(app, messagingApi.sendToStudents, ({ account, body }) => service.sendToStudents(account, body));
  route(app, messagingApi.previewToStudents, ({ body }) => service.previewToStudents(body));
}
