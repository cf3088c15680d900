import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedCreated, calendarFeedParams, calendarFeedState } from '@portal/contracts/calendar';
import { envelope, roles } from '@portal/contracts/common';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { CalendarService } from './calendar.service.ts';

/**
 * Private calendar feeds: each role manages its own link (GET state, POST create or replace,
 * DELETE revoke); the feed itself is public, the long random token in its path being the key.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{
  calendarService: CalendarService;
  /** Per-IP limit on the public feed, so nobody can try tokens at speed. */
  rateLimit: preHandlerAsyncHookHandler;
}> = async (app, { calendarService: service, rateLimit }) => {
  for (const role of roles) {
    const url = `/api/${role}/calendarFeed`;
    const config = { access: [role] };
    const tags = [role];

    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'Whether you have a calendar feed link, and since when',
          response: { 200: envelope(calendarFeedState), ...errorResponses },
        },
      },
      async (request) => ({ message: await service.state(currentAccount(request).id) }),
    );

    app.post(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'Create your calendar feed link (replacing any older one); the URL is shown only now',
          response: { 201: envelope(calendarFeedCreated), ...errorResponses },
        },
      },
      async (request, reply) => {
        return reply.status(201).send({ message: await service.create(currentAccount(request).id) });
      },
    );

    app.delete(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'Revoke your calendar feed link',
          response: { 200: envelope(z.string()), ...errorResponses },
        },
      },
      async (request) => ({ message: await service.revoke(currentAccount(request).id) }),
    );
  }

  app.get(
    '/api/calendar/:file',
    {
      config: { access: 'public' },
      preHandler: rateLimit,
      schema: {
        tags: ['calendar'],
        summary:
          "A private calendar feed (<token>.ics): the account's upcoming interviews, assessments and deadlines",
        params: calendarFeedParams,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ics = await service.feed(request.params.file);
      return (
        reply
          .type('text/calendar; charset=utf-8')
          // The feed holds names and times: no shared cache keeps it.
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline; filename="placements.ics"')
          // A Buffer is sent as it is (no serializer); the schema documents the text it carries.
          .send(Buffer.from(ics, 'utf8') as unknown as string)
      );
    },
  );
};
