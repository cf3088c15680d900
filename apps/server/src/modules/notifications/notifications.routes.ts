import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/contracts/common';
import { notificationList, notificationQuery } from '@portal/contracts/notifications';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notificationsService: NotificationsService;
}> = async (app, { notificationsService }) => {
  const schema = {
    tags: ['notifications'],
    response: { 200: envelope(notificationList), ...errorResponses },
  };

  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        ...schema,
        summary:
          'The notifications, newest first, a page at a time (20 by default, at most 100), with the total and unread counts',
        querystring: notificationQuery,
      },
    },
    async (request) => ({
      message: await notificationsService.list(currentAccount(request), request.query),
    }),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'signed-in' },
      schema: { ...schema, summary: 'Mark every notification read; answers with the first page' },
    },
    async (request) => ({ message: await notificationsService.markAllRead(currentAccount(request)) }),
  );
};
