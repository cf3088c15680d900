import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@portal/contracts/api/notifications';
import { route } from '../../lib/route.ts';
import type { NotificationsService } from './notifications.service.ts';

export async function notificationsRoutes(
  app: FastifyInstance,
  { notificationsService }: { notificationsService: NotificationsService },
) {
  route(app, notificationsApi.list, ({ account, query }) => notificationsService.list(account, query));
  route(app, notificationsApi.markAllRead, ({ account }) => notificationsService.markAllRead(account));
}
