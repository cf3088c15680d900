import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/contracts/common';
import { auth, invalid, recovery } from '@portal/contracts/messages';
import { accounts, outboxEmails, passwordResetTokens } from '../../db/schema.ts';
import { PASSWORD } from '../../test/accounts.ts';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';
import { hashToken } from '../../lib/tokens.ts';

let t: TestApp;
let w: World;
let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    mail: {
      ...testConfig().mail,
      smtpUrl: smtp.url,
      from: 'Placements <placements@college.test>',
      appUrl: 'https://portal.test',
    },
  });
  w = world(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const forgot = (role: Role, emailID: string) => post(`/api/${role}/forgotPassword`, { emailID });
const reset = (role: Role, token: string, newPassword = 'brand-new-1', confirm = newPassword) =>
  post(`/api/${role}/resetForgottenPassword`, { token, newPassword, confirmNewPassword: confirm });
const signIn = (role: Role, emailID: string, password: string) =>
  post(`/api/${role}/signin`, { emailID, password });

/**
 * Asks for a link and returns the token from the reset email that arrives (a company also gets an
 * email about its approval, which may arrive meanwhile).
 */
async function emailedToken(role: Role, email: string): Promise<string> {
  const resetEmails = () => smtp.to(email).filter((m) => m.text.includes('#token='));
  const before = resetEmails().length;
  expect((await forgot(role, email)).json()).toEqual({ message: recovery.linkSent });
  const mail = await vi.waitFor(
    () => {
      const list = resetEmails();
      if (list.length <= before) throw new Error('no new email yet');
      return list.at(-1)!;
    },
    { timeout: 5_000, interval: 20 },
  );
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

describe('forgot password', () => {
  it('emails a one-hour link to the reset page of the role, through the SMTP server', async () => {
    const s = await w.student({ firstName: 'Meera' });
    const response = await forgot('student', s.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: recovery.linkSent });

    const mail = await smtp.next(s.email, /Reset your/);
    expect(mail.from).toBe('Placements <placements@college.test>');
    expect(mail.subject).toBe('Reset your Campus Placement Portal password');
    expect(mail.text).toContain('Hello Meera,');
    expect(mail.text).toMatch(
      /https:\/\/portal\.test\/signin\/student\/reset-password#token=[A-Za-z0-9_-]{43}\n/,
    );
    expect(mail.text).toContain('within one hour');

    // Only the token's hash is stored, and the link is valid for an hour.
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, s.email));
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.accountId, account!.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.tokenHash).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const known = await w.company();
    const a = await forgot('company', known.email);
    const b = await forgot('company', 'nobody-here@example.com');
    // A student's address on the company page is an unknown company account too.
    const student = await w.student();
    const c = await forgot('company', student.email);
    for (const r of [a, b, c]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(a.body);
    }
    // The reset email, not the one about the company's approval.
    await smtp.next(known.email, /Reset your/);
    const queued = await t.db.select({ to: outboxEmails.recipient }).from(outboxEmails);
    expect(queued.map((q) => q.to)).not.toContain('nobody-here@example.com');
    expect(queued.map((q) => q.to)).not.toContain(student.email);
  });

  it('refuses a missing or malformed email with the form messages', async () => {
    expect((await post('/api/student/forgotPassword', {})).json()).toEqual({
      message: 'Please enter your email address.',
    });
    const bad = await forgot('student', 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: invalid.email });
  });
});

describe('choosing a new password with the link', () => {
  it('sets the password, ends every session of the account, and the new password signs in', async () => {
    const s = await w.staff();
    const token = await emailedToken('college-staff', s.email);

    const check = await post('/api/college-staff/checkResetLink', { token });
    expect(check.json()).toEqual({ message: recovery.linkValid });

    const done = await reset('college-staff', token, 'fresh-pass-9');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: recovery.reset });

    const old = await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie: s.cookie } });
    expect(old.statusCode).toBe(401);
    expect((await signIn('college-staff', s.email, PASSWORD)).json()).toEqual({
      message: auth.badCredentials,
    });
    expect((await signIn('college-staff', s.email, 'fresh-pass-9')).statusCode).toBe(200);
  });

  it('refuses a link used once already', async () => {
    const s = await w.student();
    const token = await emailedToken('student', s.email);
    expect((await reset('student', token)).statusCode).toBe(200);

    const again = await reset('student', token, 'another-one');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: recovery.usedLink });
    expect((await post('/api/student/checkResetLink', { token })).json()).toEqual({
      message: recovery.usedLink,
    });
    expect((await signIn('student', s.email, 'another-one')).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous submissions of a link through', async () => {
    const s = await w.student();
    const token = await emailedToken('student', s.email);
    const results = await Promise.all([
      reset('student', token, 'first-pass'),
      reset('student', token, 'second-pass'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ message: recovery.usedLink });
  });

  it('refuses an expired link, and the password stays as it was', async () => {
    const s = await w.company();
    const token = await emailedToken('company', s.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));

    const response = await reset('company', token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: recovery.expiredLink });
    expect((await signIn('company', s.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an altered link, or a link used on another role’s page', async () => {
    const s = await w.student();
    const token = await emailedToken('student', s.email);
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);

    for (const r of [
      await reset('student', altered),
      await reset('company', token),
      await reset('student', ''),
    ]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: recovery.invalidLink });
    }
    expect((await post('/api/student/checkResetLink', { token: altered })).json()).toEqual({
      message: recovery.invalidLink,
    });
    // The real link still works afterwards.
    expect((await reset('student', token)).statusCode).toBe(200);
  });

  it('replaces an older link when a newer one is asked for', async () => {
    const s = await w.student();
    const first = await emailedToken('student', s.email);
    const second = await emailedToken('student', s.email);
    expect(second).not.toBe(first);

    const old = await reset('student', first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: recovery.replacedLink });
    expect((await reset('student', second)).statusCode).toBe(200);
  });

  it('checks the new password like sign-up does, and changes nothing when it is refused', async () => {
    const s = await w.student();
    const token = await emailedToken('student', s.email);

    const short = await reset('student', token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: invalid.weakPassword });
    const empty = await reset('student', token, '', '');
    expect(empty.json()).toEqual({ message: 'Please enter your New Password.' });
    const unconfirmed = await reset('student', token, 'abcdef1', '');
    expect(unconfirmed.json()).toEqual({ message: 'Please enter your Confirm New Password.' });
    const mismatch = await reset('student', token, 'abcdef1', 'abcdef2');
    expect(mismatch.json()).toEqual({ message: invalid.passwordMismatch });

    expect((await post('/api/student/checkResetLink', { token })).json()).toEqual({
      message: recovery.linkValid,
    });
    expect((await signIn('student', s.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('forgot-password rate limits', () => {
  it('limits requests per email and per IP, with a clear message', async () => {
    const limited = await createTestApp({ resetRequestsPerHour: { perEmail: 2, perIp: 4 } });
    try {
      const ask = (emailID: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/student/forgotPassword',
          payload: { emailID },
          remoteAddress: ip,
        });
      expect((await ask('one@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await ask('ONE@example.com', '10.0.0.2')).statusCode).toBe(200);
      const third = await ask('one@example.com', '10.0.0.3');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: recovery.tooManyRequests });

      for (const n of [1, 2, 3, 4]) {
        expect((await ask(`other${n}@example.com`, '10.0.0.9')).statusCode).toBe(200);
      }
      expect((await ask('other5@example.com', '10.0.0.9')).json()).toEqual({
        message: recovery.tooManyRequests,
      });
      expect((await ask('other6@example.com', '10.0.0.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
