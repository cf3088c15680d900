import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/contracts/common';
import { outboxEmail } from '@portal/contracts/mail';
import { http } from '@portal/contracts/messages';
import { errorResponses } from '../../lib/error-responses.ts';
import { NotFound } from '../../lib/errors.ts';
import type { OutboxRepo } from './outbox.repo.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request came from this machine: the connection's own address, not `request.ip`
 * (behind TRUST_PROXY that is whatever X-Forwarded-For claims), and every address a proxy on this
 * machine says it passed the request on for.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'];
  const hops = forwarded === undefined ? [] : [forwarded].flat().flatMap((value) => value.split(','));
  return [request.socket.remoteAddress ?? '', ...hops].every((address) => loopback.has(address.trim()));
}

/**
 * The development outbox: the latest emails, reset links included, so a newcomer running the app
 * without an SMTP server can follow them. Registered only in development, and even then it answers
 * only requests from this machine.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ outboxRepo: OutboxRepo }> = async (
  app,
  { outboxRepo },
) => {
  app.get(
    '/api/dev/outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'The latest 50 emails (development only, from this machine only)',
        response: { 200: envelope(z.array(outboxEmail)), ...errorResponses },
      },
    },
    async (request) => {
      if (!fromThisMachine(request)) throw new NotFound(http.notFound);
      const rows = await outboxRepo.recent(50);
      return {
        message: rows.map((r) => ({
          _id: r.id,
          to: r.recipient,
          subject: r.subject,
          text: r.body,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          failedAt: r.failedAt?.toISOString() ?? null,
          attempts: r.attempts,
          lastError: r.lastError,
        })),
      };
    },
  );
};
