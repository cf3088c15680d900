import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { Role } from '@portal/contracts/common';
import { auth, recovery } from '@portal/contracts/messages';
import { TooManyRequests } from '../lib/errors.ts';

export type RateLimitSettings = {
  /** Sign-in, sign-up and password attempts from one IP address a minute. */
  authPerIpPerMinute: number;
  /** Failed sign-ins to one account in 15 minutes before it waits. */
  signinFailuresPerAccount: number;
  /** "Forgot Password" requests an hour, per email address and per IP address. */
  resetRequestsPerHour: { perEmail: number; perIp: number };
};

const MINUTE = 60_000;
const FAILURE_WINDOW = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;

function emailIn(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as { emailID?: unknown; personalDetail?: { emailID?: unknown } };
  const email = b.emailID ?? b.personalDetail?.emailID;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;
type Outcome = Awaited<ReturnType<Check>>;
const exceeded = (o: Outcome) => !o.isAllowed && o.isExceeded;

/**
 * Every limit on who may try what how often, counted by @fastify/rate-limit: in this process's
 * memory, or in Redis when one is given, so several server processes share one count.
 *
 * The limits fit a campus, where most students reach the portal through one NAT address: per IP
 * only at a level normal use never reaches; per account, failed sign-ins only (a successful one
 * does not count), at most 10 in 15 minutes, then the account waits out the window; each further
 * lock-out that day lowers the allowance (10, 5, 2, then 1 a window), so guessing slows down while
 * the student waits at most 15 minutes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  redis: Redis | undefined,
) {
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'portal-rate-limit:',
    // A Redis that is briefly away lets requests through rather than refusing everyone.
    skipOnError: true,
    cache: 20_000,
  });

  const limiter = (name: string, max: number, timeWindow: number, key: (r: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });

  /** A preHandler refusing with 429, Retry-After and the message once any of the limits is passed. */
  const guard =
    (checks: Check[], message: string): preHandlerAsyncHookHandler =>
    async (request, reply) => {
      for (const check of checks) {
        const outcome = await check(request);
        if (exceeded(outcome)) {
          if (!outcome.isAllowed) reply.header('retry-after', String(outcome.ttlInSeconds));
          throw new TooManyRequests(message);
        }
      }
    };

  const byIp = (r: FastifyRequest) => r.ip;
  const authPerIp = limiter('auth-ip', settings.authPerIpPerMinute, MINUTE, byIp);
  const resetPerIp = limiter('reset-ip', settings.resetRequestsPerHour.perIp, 60 * MINUTE, byIp);
  const resetPerEmail = limiter('reset-email', settings.resetRequestsPerHour.perEmail, 60 * MINUTE, (r) =>
    emailIn(r.body),
  );

  const accountKey = (role: Role, request: FastifyRequest) => `${role}:${emailIn(request.body)}`;
  const lockouts = (role: Role) =>
    app.createRateLimit({
      max: Number.MAX_SAFE_INTEGER,
      timeWindow: DAY,
      keyGenerator: (r) => `signin-lockouts:${accountKey(role, r)}`,
    });
  const failures = (role: Role, lockoutsOf: Check) =>
    app.createRateLimit({
      timeWindow: FAILURE_WINDOW,
      keyGenerator: (r) => `signin-failures:${accountKey(role, r)}`,
      // 10 failures a window; after each lock-out that day, half as many (at least one).
      max: async (request) => {
        const earlier = await lockoutsOf(request, { increment: false });
        const count = earlier.isAllowed ? 0 : earlier.max - earlier.remaining;
        return Math.max(1, Math.floor(settings.signinFailuresPerAccount / 2 ** count));
      },
    });

  const signinChecks = (role: Role) => {
    const lockoutsOf = lockouts(role);
    const failuresOf = failures(role, lockoutsOf);
    return {
      /** Refuses (429, saying when to retry) while the account has used up its failed sign-ins. */
      async refuseWhileLocked(request: FastifyRequest, reply: { header(k: string, v: string): unknown }) {
        const state = await failuresOf(request, { increment: false });
        if (!state.isAllowed && state.max - state.remaining >= state.max) {
          reply.header('retry-after', String(state.ttlInSeconds));
          throw new TooManyRequests(auth.accountLocked(Math.max(1, Math.ceil(state.ttl / MINUTE))));
        }
      },
      /** Counts a failed sign-in; the one that uses up the allowance counts a lock-out too. */
      async recordFailure(request: FastifyRequest) {
        const after = await failuresOf(request);
        if (!after.isAllowed && after.remaining === 0) await lockoutsOf(request);
      },
    };
  };

  return {
    authAttempts: guard([authPerIp], auth.tooManyAttempts),
    resetRequests: guard([resetPerIp, resetPerEmail], recovery.tooManyRequests),
    signin: signinChecks,
  };
}
export type RateLimits = Awaited<ReturnType<typeof registerRateLimits>>;
export type SigninThrottle = ReturnType<RateLimits['signin']>;
