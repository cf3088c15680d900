import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { calendarApi } from '@portal/contracts/api/calendar';
import { roles } from '@portal/contracts/common';
import { route } from '../../lib/route.ts';
import type { CalendarService } from './calendar.service.ts';

/**
 * Private calendar feeds: each role manages its own link (GET state, POST create or replace,
 * DELETE revoke); the feed itself is public, the long random token in its path being the key.
 */
export async function calendarRoutes(
  app: FastifyInstance,
  {
    calendarService: service,
    rateLimit,
  }: {
    calendarService: CalendarService;
    /** Per-IP limit on the public feed, so nobody can try tokens at speed. */
    rateLimit: preHandlerAsyncHookHandler;
  },
) {
  for (const role of roles) {
    route(app, calendarApi[role].state, ({ account }) => service.state(account.id));
    route(app, calendarApi[role].create, ({ account }) => service.create(account));
    route(app, calendarApi[role].revoke, ({ account }) => service.revoke(account.id));
  }

  route(
    app,
    calendarApi.feed,
    async ({ params, reply }) => {
      const ics = await service.feed(params.file);
      return (
        reply
          .type('text/calendar; charset=utf-8')
          // The feed holds names and times: no shared cache keeps it.
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline; filename="placements.ics"')
          // A Buffer is sent as it is (no serializer); the schema documents the text it carries.
          .send(Buffer.from(ics, 'utf8'))
      );
    },
    { preHandler: rateLimit },
  );
}
