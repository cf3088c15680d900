import type { FastifyRequest } from 'fastify';
import { auth, recovery } from '@portal/contracts/messages';
import { TooManyRequests } from '../lib/errors.ts';
import { createRateLimiter } from '../lib/rate-limiter.ts';

function emailIn(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { emailID?: unknown; personalDetail?: { emailID?: unknown } };
  const email = b.emailID ?? b.personalDetail?.emailID;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/**
 * A preHandler (it runs after the body is parsed) that limits attempts per IP and per email in
 * the body, so neither one address nor one account can be hammered.
 */
function createRateLimitHook(o: { perIp: number; perEmail: number; windowMs: number; message: string }) {
  const byIp = createRateLimiter({ limit: o.perIp, windowMs: o.windowMs });
  const byEmail = createRateLimiter({ limit: o.perEmail, windowMs: o.windowMs });
  return async function rateLimit(request: FastifyRequest) {
    const email = emailIn(request.body);
    const ipAllowed = byIp.hit(request.ip);
    const emailAllowed = email === undefined || byEmail.hit(email);
    if (!ipAllowed || !emailAllowed) throw new TooManyRequests(o.message);
  };
}

/** Sign-in, sign-up and password attempts: `limitPerMinute` per IP and per email. */
export const createAuthRateLimit = (limitPerMinute: number) =>
  createRateLimitHook({
    perIp: limitPerMinute,
    perEmail: limitPerMinute,
    windowMs: 60_000,
    message: auth.tooManyAttempts,
  });

/** Forgot-password requests, each of which sends an email: counted per hour. */
export const createResetRequestRateLimit = (perHour: { perEmail: number; perIp: number }) =>
  createRateLimitHook({ ...perHour, windowMs: 3_600_000, message: recovery.tooManyRequests });
