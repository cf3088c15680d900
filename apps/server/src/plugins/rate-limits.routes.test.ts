import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/contracts/common';
import { auth, recovery } from '@portal/contracts/messages';
import { outboxEmails } from '../db/schema.ts';
import { PASSWORD, signupBody } from '../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { world, type World } from '../test/world.ts';

/**
 * The limits as a campus meets them, and as an attacker would aim them. With TEST_REDIS_URL set,
 * the same tests run a second time with the counters in Redis (and two apps sharing them, as two
 * server processes would).
 *
 * The sign-in tests stop the clock (only Date): what an attempt gets then does not depend on how
 * fast this machine runs them, and waiting out a pause is moving the clock on.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const stores = redisUrl ? ['memory', 'redis'] : ['memory'];
const roles = ['student', 'college-staff', 'company'] as const;
const ALLOWED = 10;
const MINUTE = 60_000;

const deviceCookie = (setCookie: string | string[] | undefined): string => {
  const found = [setCookie ?? []].flat().find((c) => c.startsWith('portal_device='));
  if (!found) throw new Error('no device cookie was set');
  return found.split(';')[0]!;
};

describe.each(stores)('rate limits with counters in %s', (store) => {
  let t: TestApp;
  let w: World;
  let other: TestApp | undefined;
  // Each run uses its own addresses and emails, so counters left in a shared Redis never meet it.
  const run = randomUUID().slice(0, 8);
  const [a, b] = [parseInt(run.slice(0, 2), 16), parseInt(run.slice(2, 4), 16)];
  const ip = (n: number) => `10.${a}.${(b + (n >> 8)) & 255}.${n & 255}`;

  beforeAll(async () => {
    const settings = {
      authRateLimitPerMinute: 30,
      signinFailuresPerAccount: ALLOWED,
      redisUrl: store === 'redis' ? redisUrl : undefined,
      // Reset emails keep their text, so a test can follow the link.
      mail: { ...testConfig().mail, devOutbox: true },
    };
    t = await createTestApp(settings);
    w = world(t);
    if (store === 'redis') other = await createTestApp(settings);
  });
  afterAll(async () => {
    await t.close();
    await other?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const stopClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  const moveClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

  const signin = (
    app: TestApp,
    role: Role,
    emailID: string,
    password: string,
    remoteAddress: string,
    device?: string,
  ) =>
    app.app.inject({
      method: 'POST',
      url: `/api/${role}/signin`,
      payload: { emailID, password },
      remoteAddress,
      headers: device ? { cookie: device } : {},
    });

  /** The account's owner, signed in once from their own browser at home (an address of their own). */
  let owners = 0;
  async function owner(role: Role) {
    const { email } = await w.account(role);
    const home = ip(++owners);
    const first = await signin(t, role, email, PASSWORD, home);
    expect(first.statusCode).toBe(200);
    return { email, home, device: deviceCookie(first.headers['set-cookie']) };
  }

  const expectPaused = (response: Awaited<ReturnType<typeof signin>>, seconds: number) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: auth.signinPaused(seconds) });
    expect(response.headers['retry-after']).toBe(String(seconds));
  };
  const expectLocked = (response: Awaited<ReturnType<typeof signin>>, minutes: number) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: auth.accountLocked(minutes) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan((minutes - 1) * 60);
  };

  it.each(roles)(
    "1,000 wrong passwords for a %s account from 1,000 other addresses never keep the owner's browser out",
    async (role) => {
      const me = await owner(role);
      stopClock();
      const statuses: number[] = [];
      for (let i = 0; i < 1_000; i++) {
        const app = other && i % 2 ? other : t;
        const response = await signin(app, role, me.email, `wrong-${i}`, ip(1_000 + i));
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expectPaused(response, 1);
      }
      // The allowance is spent, then untrusted attempts wait their turn (the clock stands still).
      expect(statuses.slice(0, ALLOWED)).toEqual(Array(ALLOWED).fill(401));
      expect(statuses.slice(ALLOWED)).toEqual(Array(1_000 - ALLOWED).fill(429));

      // The owner's browser, with its device cookie, at once.
      const mine = await signin(t, role, me.email, PASSWORD, me.home, me.device);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ message: role === 'company' ? 'Welcome Asha' : auth.signedIn });
      // A browser that never signed in to the account, right password: told to wait one second…
      const fresh = await signin(t, role, me.email, PASSWORD, ip(2_100));
      expectPaused(fresh, 1);
      // …and let in after it.
      moveClock(1_000);
      expect((await signin(t, role, me.email, PASSWORD, ip(2_100))).statusCode).toBe(200);
    },
  );

  it('lets no more than the allowance through when 60 guesses come at once', async () => {
    const me = await owner('student');
    stopClock();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signin(other && i % 2 ? other : t, 'student', me.email, 'wrong', ip(3_000 + i)),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(ALLOWED).fill(401), ...Array(60 - ALLOWED).fill(429)]);
    expect((await signin(t, 'student', me.email, PASSWORD, me.home, me.device)).statusCode).toBe(200);
  });

  it('pauses untrusted attempts ever longer, up to 15 minutes, as guessing goes on', async () => {
    const me = await owner('student');
    stopClock();
    for (let i = 0; i < ALLOWED; i++) await signin(t, 'student', me.email, 'wrong', ip(2_200 + i));
    const pauses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const refused = await signin(t, 'student', me.email, 'wrong', ip(2_220 + i));
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      pauses.push(seconds);
      moveClock(seconds * 1_000);
      expect((await signin(t, 'student', me.email, 'wrong', ip(2_240 + i))).statusCode).toBe(401);
    }
    expect(pauses).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect((await signin(t, 'student', me.email, PASSWORD, ip(2_260))).json()).toEqual({
      message: auth.signinPaused(900),
    });
    expect((await signin(t, 'student', me.email, PASSWORD, me.home, me.device)).statusCode).toBe(200);
  });

  it('makes one address that failed 10 times wait 15 minutes for that account, and no one else', async () => {
    const me = await owner('college-staff');
    const attacker = ip(2_400);
    stopClock();
    for (let i = 0; i < ALLOWED; i++) {
      expect((await signin(t, 'college-staff', me.email, 'wrong', attacker)).statusCode).toBe(401);
    }
    expectLocked(await signin(t, 'college-staff', me.email, PASSWORD, attacker), 15);
    expect((await signin(t, 'college-staff', me.email, PASSWORD, me.home, me.device)).statusCode).toBe(200);
    // Another new browser waits its turn (the account's allowance for untrusted clients is spent).
    expectPaused(await signin(t, 'college-staff', me.email, PASSWORD, ip(2_401)), 1);
    moveClock(1_000);
    expect((await signin(t, 'college-staff', me.email, PASSWORD, ip(2_401))).statusCode).toBe(200);
    moveClock(15 * MINUTE);
    expect((await signin(t, 'college-staff', me.email, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('limits a trusted browser on its own: its lock-out touches no other browser', async () => {
    const me = await owner('company');
    const laptop = deviceCookie(
      (await signin(t, 'company', me.email, PASSWORD, ip(2_500))).headers['set-cookie'],
    );
    stopClock();
    for (let i = 0; i < ALLOWED; i++) {
      expect((await signin(t, 'company', me.email, 'wrong', me.home, me.device)).statusCode).toBe(401);
    }
    expectLocked(await signin(t, 'company', me.email, PASSWORD, me.home, me.device), 15);
    expect((await signin(t, 'company', me.email, PASSWORD, ip(2_500), laptop)).statusCode).toBe(200);
    // Untrusted clients were not counted either.
    expect((await signin(t, 'company', me.email, PASSWORD, me.home)).statusCode).toBe(200);
    moveClock(15 * MINUTE);
    expect((await signin(t, 'company', me.email, PASSWORD, me.home, me.device)).statusCode).toBe(200);
  });

  it('gives a new device cookie at every sign-in, and a cookie of another account or made up is no trust', async () => {
    const me = await owner('student');
    const someoneElse = await owner('student');
    const next = await signin(t, 'student', me.email, PASSWORD, me.home, me.device);
    const renewed = deviceCookie(next.headers['set-cookie']);
    expect(renewed).not.toBe(me.device);
    expect(next.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^portal_device=[\w-]{43}; .*HttpOnly; SameSite=Lax/)]),
    );
    stopClock();
    for (let i = 0; i < ALLOWED; i++) await signin(t, 'student', me.email, 'wrong', ip(2_600 + i));
    // The browser's old cookie was replaced; another account's cookie and a made-up one count for nothing.
    for (const cookie of [me.device, someoneElse.device, `portal_device=${'x'.repeat(43)}`]) {
      expectPaused(await signin(t, 'student', me.email, PASSWORD, me.home, cookie), 1);
    }
    expect((await signin(t, 'student', me.email, PASSWORD, me.home, renewed)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins, and treats an unknown email the same as a known one', async () => {
    const { email } = await w.student();
    for (let i = 0; i < 12; i++)
      expect((await signin(t, 'student', email, PASSWORD, ip(2_700))).statusCode).toBe(200);
    stopClock();
    const unknown = `nobody-${run}@example.com`;
    for (let i = 0; i < ALLOWED; i++) {
      expect((await signin(t, 'student', unknown, 'wrong', ip(2_701))).statusCode).toBe(401);
    }
    expectLocked(await signin(t, 'student', unknown, 'wrong', ip(2_701)), 15);
    expectPaused(await signin(t, 'student', unknown, 'wrong', ip(2_702)), 1);
  });

  it('clears every count on a completed password reset, and trusts the browser that reset it', async () => {
    const me = await owner('student');
    stopClock();
    // The owner mistypes at home until locked out there; others guess meanwhile.
    for (let i = 0; i < ALLOWED; i++) await signin(t, 'student', me.email, 'wrong', me.home);
    for (let i = 0; i < 20; i++) await signin(t, 'student', me.email, 'wrong', ip(2_800 + i));
    expectLocked(await signin(t, 'student', me.email, PASSWORD, me.home), 15);

    // "Forgot Password" from home, the emailed link opened in a browser without a device cookie.
    await t.app.inject({
      method: 'POST',
      url: '/api/student/forgotPassword',
      payload: { emailID: me.email },
      remoteAddress: me.home,
    });
    const token = await vi.waitFor(async () => {
      const [email] = await t.db
        .select({ body: outboxEmails.body })
        .from(outboxEmails)
        .where(eq(outboxEmails.recipient, me.email))
        .orderBy(desc(outboxEmails.createdAt));
      const found = /#token=([\w-]{43})/.exec(email?.body ?? '')?.[1];
      if (!found) throw new Error('no reset email yet');
      return found;
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/student/resetForgottenPassword',
      payload: { token, newPassword: 'brand-new-1', confirmNewPassword: 'brand-new-1' },
      remoteAddress: me.home,
    });
    expect(reset.json()).toEqual({ message: recovery.reset });
    const resetBrowser = deviceCookie(reset.headers['set-cookie']);

    // No count is left: a new browser at home signs in at once.
    expect((await signin(t, 'student', me.email, 'brand-new-1', me.home)).statusCode).toBe(200);
    // Guessing starts again; the browser that reset the password is trusted, the ones trusted
    // before the reset are not (whoever knew the old password may have signed in with it).
    for (let i = 0; i < ALLOWED; i++) await signin(t, 'student', me.email, 'wrong', ip(2_830 + i));
    expect((await signin(t, 'student', me.email, 'brand-new-1', me.home, resetBrowser)).statusCode).toBe(200);
    expectPaused(await signin(t, 'student', me.email, 'brand-new-1', me.home, me.device), 1);
  });

  it('allows a campus NAT address many students, then refuses with 429 past the per-IP limit', async () => {
    const nat = ip(2_900);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await signin(t, 'student', `student-${run}-${i}@example.com`, 'x', nat)).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    const limited = await signin(t, 'student', `fresh-${run}@example.com`, 'x', nat);
    expect(limited.json()).toEqual({ message: auth.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signin(t, 'student', `fresh-${run}@example.com`, 'x', ip(2_901))).statusCode).toBe(401);
  });

  it('counts sign-ups per IP too', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/student/signup',
        payload: signupBody('student'),
        remoteAddress: ip(2_950),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });

  // Registered only where the counters are in Redis.
  if (store === 'redis') {
    it('keeps one Redis key per limit and address, and one per account for its sign-in counts', async () => {
      const redis = new Redis(redisUrl!);
      try {
        const address = ip(2_990);
        const emailID = `keys-${run}@example.com`;
        await signin(t, 'student', emailID, 'wrong', address);
        expect(await redis.keys(`*${address}`)).toEqual([`portal-rate-limit:auth-ip:${address}`]);
        expect(await redis.keys(`*${emailID}*`)).toEqual([`portal-rate-limit:signin:student:${emailID}`]);
        expect(await redis.hgetall(`portal-rate-limit:signin:student:${emailID}`)).toMatchObject({
          [`address:${address}`]: '1',
          untrusted: '1',
        });
      } finally {
        redis.disconnect();
      }
    });
  }
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
