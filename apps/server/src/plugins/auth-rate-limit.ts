import type { FastifyRequest } from 'fastify';
import { auth } from '@portal/contracts/messages';
import { TooManyRequests } from '../lib/errors.ts';
import { createRateLimiter } from '../lib/rate-limiter.ts';

function emailIn(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { emailID?: unknown; personalDetail?: { emailID?: unknown } };
  const email = b.emailID ?? b.personalDetail?.emailID;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
}

/**
 * Sign-in and sign-up attempts are limited per IP and per email, so neither one address nor one
 * account can be hammered. Runs as a preHandler, after the body is parsed.
 */
export function createAuthRateLimit(limitPerMinute: number) {
  const limiter = createRateLimiter({ limit: limitPerMinute, windowMs: 60_000 });
  return async function authRateLimit(request: FastifyRequest) {
    const email = emailIn(request.body);
    const ipAllowed = limiter.hit(`ip:${request.ip}`);
    const emailAllowed = email === undefined || limiter.hit(`email:${email}`);
    if (!ipAllowed || !emailAllowed) throw new TooManyRequests(auth.tooManyAttempts);
  };
}
