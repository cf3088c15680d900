import type { FastifyInstance, FastifyRequest } from 'fastify';
import { outboxApi } from '@portal/contracts/api/outbox';
import { http } from '@portal/contracts/messages';
import { NotFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
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
export async function outboxRoutes(app: FastifyInstance, { outboxRepo }: { outboxRepo: OutboxRepo }) {
  route(app, outboxApi.recent, async ({ request }) => {
    if (!fromThisMachine(request)) throw new NotFound(http.notFound);
    const rows = await outboxRepo.recent(50);
    return rows.map((r) => ({
      _id: r.id,
      to: r.recipient,
      subject: r.subject,
      text: r.body,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      failedAt: r.failedAt?.toISOString() ?? null,
      attempts: r.attempts,
      lastError: r.lastError,
    }));
  });
}
