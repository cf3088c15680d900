import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@portal/contracts/messages';
import { PASSWORD, signUp, signupBody } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The limits as a campus meets them. With TEST_REDIS_URL set, the same tests run a second time with
 * the counters in Redis (and two apps sharing them, as two server processes would).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const stores = redisUrl ? ['memory', 'redis'] : ['memory'];

describe.each(stores)('rate limits with counters in %s', (store) => {
  let t: TestApp;
  let other: TestApp | undefined;
  // Each run uses its own addresses and emails, so counters left in a shared Redis never meet it.
  const run = randomUUID().slice(0, 8);
  const ip = (n: number) => `10.${parseInt(run.slice(0, 2), 16)}.${parseInt(run.slice(2, 4), 16)}.${n}`;

  beforeAll(async () => {
    const settings = {
      authRateLimitPerMinute: 30,
      signinFailuresPerAccount: 10,
      redisUrl: store === 'redis' ? redisUrl : undefined,
    };
    t = await createTestApp(settings);
    if (store === 'redis') other = await createTestApp(settings);
  });
  afterAll(async () => {
    await t.close();
    await other?.close();
  });

  const signin = (app: TestApp, emailID: string, password: string, remoteAddress: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID, password },
      remoteAddress,
    });

  it('lets an account fail 10 times in 15 minutes, then says when to retry, even with the right password', async () => {
    const { email } = await signUp(t.app, 'student');
    const statuses = [];
    // Each attempt from another address: the per-account count does not care where they come from.
    for (let i = 0; i < 10; i++) {
      const app = other && i % 2 ? other : t;
      statuses.push((await signin(app, email, 'wrong-password', ip(100 + i))).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await signin(t, email, PASSWORD, ip(120));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: auth.accountLocked(15) });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('does not count successful sign-ins, and treats an unknown email the same as a known one', async () => {
    const { email } = await signUp(t.app, 'student');
    for (let i = 0; i < 12; i++) expect((await signin(t, email, PASSWORD, ip(130))).statusCode).toBe(200);
    const unknown = `nobody-${run}@example.com`;
    for (let i = 0; i < 10; i++) await signin(t, unknown, 'wrong-password', ip(131));
    expect((await signin(t, unknown, 'wrong-password', ip(131))).json()).toEqual({
      message: auth.accountLocked(15),
    });
  });

  it('allows a campus NAT address many students, then refuses with 429 past the per-IP limit', async () => {
    const nat = ip(140);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await signin(t, `student-${run}-${i}@example.com`, 'x', nat)).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    const limited = await signin(t, `fresh-${run}@example.com`, 'x', nat);
    expect(limited.json()).toEqual({ message: auth.tooManyAttempts });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await signin(t, `fresh-${run}@example.com`, 'x', ip(141))).statusCode).toBe(401);
  });

  it('counts sign-ups per IP too', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/student/signup',
        payload: signupBody('student'),
        remoteAddress: ip(150),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});

describe('behind a reverse proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 2, trustProxy: 1 });
  });
  afterAll(() => t.close());

  it("counts each client by the address the proxy forwards, not the proxy's own", async () => {
    const from = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/student/signin',
        payload: { emailID: `c-${client}@example.com`, password: 'x' },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': client },
      });
    expect((await from('203.0.113.1')).statusCode).toBe(401);
    expect((await from('203.0.113.1')).statusCode).toBe(401);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(401);
  });
});
