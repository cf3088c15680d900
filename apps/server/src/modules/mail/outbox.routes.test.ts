import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEmail } from '@portal/contracts/mail';
import { createMailTransport } from '../../app.ts';
import { outboxEmails } from '../../db/schema.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { world } from '../../test/world.ts';

let dev: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ mail: { ...testConfig().mail, devOutbox: true } });
});
afterAll(() => dev.close());

const outbox = (app: TestApp, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });

describe('email without an SMTP server', () => {
  it('is written to the server log, link included', async () => {
    const info = vi.fn();
    const transport = createMailTransport(testConfig(), { info } as never);
    await transport.send({ to: 'a@example.com', subject: 'Reset', text: 'Open https://x.test/r#token=abc' });
    expect(info).toHaveBeenCalledWith(
      { to: 'a@example.com' },
      'email (no SMTP_URL set, so it is only logged): Reset\n\nOpen https://x.test/r#token=abc',
    );
  });

  it('shows on the development outbox page, so the link can be followed locally', async () => {
    const s = await world(dev).company();
    await dev.app.inject({
      method: 'POST',
      url: '/api/company/forgotPassword',
      payload: { emailID: s.email },
    });

    const mine = await vi.waitFor(
      async () => {
        const list = (await outbox(dev)).json().message as OutboxEmail[];
        // The company's approval was emailed too: look for the reset email.
        const found = list.find((m) => m.to === s.email && m.subject.startsWith('Reset'));
        if (!found?.sentAt) throw new Error('not sent yet');
        return found;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(mine).toMatchObject({
      subject: 'Reset your Campus Placement Portal password',
      attempts: 1,
      lastError: null,
      failedAt: null,
    });
    expect(mine.text).toMatch(/http:\/\/localhost:3000\/signin\/company\/reset-password#token=[\w-]{43}/);
  });

  it('answers only requests from this machine', async () => {
    const response = await outbox(dev, '203.0.113.9');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('answers a forwarded request only when every address it passed through is this machine', async () => {
    // Behind a trusted proxy request.ip is whatever X-Forwarded-For says: a forged 127.0.0.1 must
    // not open the outbox, nor may a proxy on this machine pass on a request from elsewhere.
    const proxied = await createTestApp({
      trustProxy: true,
      mail: { ...testConfig().mail, devOutbox: true },
    });
    try {
      const from = (remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      const forged = await from('203.0.113.9', '127.0.0.1');
      expect(forged.statusCode).toBe(404);
      expect(forged.json()).toEqual({ message: 'Not found.' });
      expect((await from('127.0.0.1', '203.0.113.9')).statusCode).toBe(404);
      expect((await from('127.0.0.1', '198.51.100.7, 127.0.0.1')).statusCode).toBe(404);
      expect((await from('127.0.0.1', '::1')).statusCode).toBe(200);
      expect((await outbox(proxied)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('does not exist outside development, where sent emails keep no text', async () => {
    const t = await createTestApp();
    try {
      expect((await outbox(t)).statusCode).toBe(404);
      const s = await world(t).student();
      await t.app.inject({
        method: 'POST',
        url: '/api/student/forgotPassword',
        payload: { emailID: s.email },
      });
      const row = await vi.waitFor(
        async () => {
          const [r] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, s.email));
          if (!r?.sentAt) throw new Error('not sent yet');
          return r;
        },
        { timeout: 5_000, interval: 50 },
      );
      expect(row.body).toBe('');
    } finally {
      await t.close();
    }
  });
});
