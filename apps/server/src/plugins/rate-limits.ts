import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { auth, recovery } from '@portal/contracts/messages';
import { TooManyRequests } from '../lib/errors.ts';
import type { RateCounters } from '../lib/rate-counters.ts';

export type RateLimitSettings = {
  /** Sign-in, sign-up and password attempts from one IP address a minute. */
  authPerIpPerMinute: number;
  /** "Forgot Password" requests an hour, per email address and per IP address. */
  resetRequestsPerHour: { perEmail: number; perIp: number };
};

const MINUTE = 60_000;

function emailIn(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as { emailID?: unknown; personalDetail?: { emailID?: unknown } };
  const email = b.emailID ?? b.personalDetail?.emailID;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * @fastify/rate-limit's store interface over the portal's counters. Its own stores put the route's
 * method and URL into every key, which a limiter made with createRateLimit does not have: the keys
 * read `portal-rate-limit:undefinedundefined-auth-ip:…`. Here a key is the limit's name and whose
 * count it is (`portal-rate-limit:auth-ip:203.0.113.9`), the same for every route that shares it.
 */
function counterStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  type Done = Parameters<FastifyRateLimitStore['incr']>[1];
  const answer = (done: Done) => (count: { current: number; ttlMs: number }) =>
    done(null, { current: count.current, ttl: count.ttlMs });
  return class CounterStore implements FastifyRateLimitStore {
    incr(key: string, done: Done, timeWindow: number) {
      counters.incr(key, timeWindow).then(answer(done), done);
    }
    /** For `{ increment: false }`: the count without counting. */
    read(key: string, done: Done, timeWindow: number) {
      counters.read(key, timeWindow).then(answer(done), done);
    }
    child() {
      return this;
    }
  };
}

/**
 * The limits on how often anyone may try anything, by IP address and by email address, counted by
 * @fastify/rate-limit on the portal's counters (lib/rate-counters.ts): in this process's memory, or
 * in Redis when one is given, so several server processes share one count.
 *
 * The limits fit a campus, where most students reach the portal through one NAT address: per IP
 * only at a level normal use never reaches. The real guard against guessing a password is per
 * account, and aimed so that others' guesses never keep the owner out: modules/auth/signin-throttle.ts.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  counters: RateCounters,
) {
  await app.register(rateLimit, {
    global: false,
    store: counterStore(counters),
    // A Redis that is briefly away lets requests through rather than refusing everyone.
    skipOnError: true,
  });

  const limiter = (name: string, max: number, timeWindow: number, key: (r: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });

  /** A preHandler refusing with 429, Retry-After and the message once any of the limits is passed. */
  const guard =
    (checks: Check[], message: string): preHandlerAsyncHookHandler =>
    async (request) => {
      for (const check of checks) {
        const outcome = await check(request);
        if (!outcome.isAllowed && outcome.isExceeded) {
          throw new TooManyRequests(message, outcome.ttlInSeconds);
        }
      }
    };

  const byIp = (r: FastifyRequest) => r.ip;
  const authPerIp = limiter('auth-ip', settings.authPerIpPerMinute, MINUTE, byIp);
  const resetPerIp = limiter('reset-ip', settings.resetRequestsPerHour.perIp, 60 * MINUTE, byIp);
  const resetPerEmail = limiter('reset-email', settings.resetRequestsPerHour.perEmail, 60 * MINUTE, (r) =>
    emailIn(r.body),
  );

  return {
    authAttempts: guard([authPerIp], auth.tooManyAttempts),
    resetRequests: guard([resetPerIp, resetPerEmail], recovery.tooManyRequests),
  };
}
export type RateLimits = Awaited<ReturnType<typeof registerRateLimits>>;
