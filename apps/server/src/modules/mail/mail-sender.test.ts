import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recovery } from '@portal/contracts/messages';
import { accounts, outboxEmails } from '../../db/schema.ts';
import { createSmtpTransport, type Email, type MailTransport } from '../../lib/mail.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { createClock } from '../../lib/clock.ts';
import { createWorker } from '../../lib/worker.ts';
import { world, type World } from '../../test/world.ts';
import { createMailSender, MAX_ATTEMPTS, retryDelayMs } from './mail-sender.ts';
import { createOutboxRepo } from './outbox.repo.ts';
import { enqueueEmails } from './outbox-queue.ts';
import { withinColleges } from '../../db/college-scope.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';

let t: TestApp;
let w: World;
/** The account the test emails go to (an email is always to an account). */
let accountId: string;
beforeAll(async () => {
  // The app's own mail worker stays off its timer, so the tests' senders are the ones claiming
  // email. A service still wakes it when it queues an email (a new account's welcome): a test that
  // makes accounts lets that pass end (`drain`) before it queues its own.
  t = await createTestApp({}, { workers: false });
  w = world(t);
  await w.student({ emailID: 'outbox-owner@example.com' });
  await t.app.workers.drain('mail');
  const [owner] = await t.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, 'outbox-owner@example.com'));
  accountId = owner!.id;
});
afterAll(() => t.close());

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const quietLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

/** The mail worker as workers.ts builds it, on the sender's dependencies (the clock: real time). */
function mailWorker(
  deps: Omit<Parameters<typeof createMailSender>[0], 'clock' | 'appUrl'> & { now?: () => Date },
) {
  const sender = createMailSender({ ...deps, clock: createClock('UTC', deps.now), appUrl: 'https://x.test' });
  return createWorker({ name: 'mail', everyMs: 15_000, runOnce: () => sender.sendBatch(), log: deps.log });
}

const rowFor = async (to: string) => {
  const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, to));
  return row!;
};

async function queue(to: string) {
  await enqueueEmails(t.db, [
    { kind: 'test', to, accountId, subject: 'Hello', text: 'Body with a link https://x.test/a' },
  ]);
}

describe('sending email from the outbox', () => {
  it('answers the request normally when the SMTP server is down, and keeps the email for a retry', async () => {
    const down = await createTestApp({
      mail: { ...testConfig().mail, smtpUrl: `smtp://127.0.0.1:${await closedPort()}` },
    });
    try {
      const s = await world(down).student();
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/student/forgotPassword',
        payload: { emailID: s.email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: recovery.linkSent });

      const row = await vi.waitFor(
        async () => {
          const [r] = await down.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, s.email));
          if (!r?.lastError) throw new Error('not tried yet');
          return r;
        },
        { timeout: 5_000, interval: 50 },
      );
      expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, kind: 'password-reset' });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    } finally {
      await down.close();
    }
  });

  it('retries a failed send after a growing wait, and blanks the text once sent', async () => {
    let clock = new Date('2026-01-01T10:00:00Z');
    const sent: Email[] = [];
    let failures = 1;
    const transport: MailTransport = {
      send: (email) => {
        if (failures-- > 0) return Promise.reject(new Error('451 try again later'));
        sent.push(email);
        return Promise.resolve();
      },
      close: () => {},
    };
    const log = quietLog();
    const sender = mailWorker({
      outboxRepo: createOutboxRepo(t.db),
      transport,
      log,
      keepBodies: false,
      now: () => clock,
    });
    await t.db.delete(outboxEmails);
    await queue('retry@example.com');
    await t.db.update(outboxEmails).set({ nextAttemptAt: clock });

    await sender.drain();
    let row = await rowFor('retry@example.com');
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: '451 try again later' });
    expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(1));
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: '451 try again later', attempts: 1 }),
      'email send failed, will retry',
    );

    clock = new Date(clock.getTime() + 10_000);
    await sender.drain();
    expect(sent).toHaveLength(0); // not due yet

    clock = new Date(clock.getTime() + retryDelayMs(1));
    await sender.drain();
    expect(sent).toEqual([
      { to: 'retry@example.com', subject: 'Hello', text: 'Body with a link https://x.test/a' },
    ]);
    row = await rowFor('retry@example.com');
    expect(row).toMatchObject({ attempts: 2, lastError: null, body: '' });
    expect(row.sentAt).toEqual(clock);

    await sender.drain();
    expect(sent).toHaveLength(1); // sent once only
    await sender.stop();
  });

  it('gives up after the last attempt and logs it as an error', async () => {
    let clock = new Date('2026-02-01T10:00:00Z');
    const log = quietLog();
    const sender = mailWorker({
      outboxRepo: createOutboxRepo(t.db),
      transport: { send: () => Promise.reject(new Error('550 mailbox unavailable')), close: () => {} },
      log,
      keepBodies: false,
      now: () => clock,
    });
    await t.db.delete(outboxEmails);
    await queue('gone@example.com');
    await t.db.update(outboxEmails).set({ nextAttemptAt: clock });

    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await sender.drain();
      clock = new Date(clock.getTime() + 3_600_000);
    }
    const row = await rowFor('gone@example.com');
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.failedAt).not.toBeNull();
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toBe('550 mailbox unavailable');
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: MAX_ATTEMPTS, reason: '550 mailbox unavailable' }),
      'email given up',
    );
    await sender.stop();
  });

  it('sends, when it starts, what an earlier run left in the outbox (a restart loses no email)', async () => {
    const smtp = await startSmtpServer();
    try {
      await t.db.delete(outboxEmails);
      await queue('left-behind@example.com');
      const transport = createSmtpTransport(smtp.url, 'Portal <portal@college.test>');
      const sender = mailWorker({
        outboxRepo: createOutboxRepo(t.db),
        transport,
        log: quietLog(),
        keepBodies: true,
      });
      sender.start();
      const mail = await smtp.next('left-behind@example.com');
      expect(mail).toMatchObject({ subject: 'Hello', text: 'Body with a link https://x.test/a\n' });
      await sender.stop();
      transport.close();
      const row = await rowFor('left-behind@example.com');
      expect(row.sentAt).not.toBeNull();
      expect(row.body).toBe('Body with a link https://x.test/a'); // kept for the development outbox
    } finally {
      await smtp.close();
    }
  });

  it('sends an email on the wake that follows its queueing, even within the same millisecond', async () => {
    // The database stamps a queued email in microseconds, the server's clock reads milliseconds:
    // on PostgreSQL half of these once waited for the worker's next timer (15 s).
    await t.db.delete(outboxEmails);
    const sent: string[] = [];
    const sender = mailWorker({
      outboxRepo: createOutboxRepo(t.db),
      transport: { send: (email) => (sent.push(email.to), Promise.resolve()), close: () => {} },
      log: quietLog(),
      keepBodies: false,
    });
    for (let i = 0; i < 40; i++) {
      await queue(`at-once-${i}@example.com`);
      await sender.drain();
      expect(sent).toHaveLength(i + 1);
    }
    await sender.stop();
  });

  it('sends each email once when several server processes drain the same outbox at the same moment', async () => {
    await t.db.delete(outboxEmails);
    const recipients = Array.from({ length: 30 }, (_, i) => `many-${i}@example.com`);
    for (const to of recipients) await queue(to);
    const sent: string[] = [];
    // Each sender stands for a process: its own repo and transport, the same database.
    const senders = [1, 2, 3].map(() =>
      mailWorker({
        outboxRepo: createOutboxRepo(t.db),
        transport: {
          send: async (email: Email) => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            sent.push(email.to);
          },
          close: () => {},
        } satisfies MailTransport,
        log: quietLog(),
        keepBodies: false,
      }),
    );
    for (const sender of senders) sender.start();
    await vi.waitFor(() => expect(sent).toHaveLength(recipients.length), { timeout: 10_000, interval: 20 });
    // Let every sender finish a further pass: none may find an email left to send again.
    for (const sender of senders) sender.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all(senders.map((sender) => sender.stop()));
    expect([...sent].sort()).toEqual([...recipients].sort());
    const rows = await t.db.select().from(outboxEmails);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });
});

describe("an email's links", () => {
  it("land in the recipient's college: its host name, else /c/<slug>/ for another college than the first; a company's stay", async () => {
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(t.db) });
    const north = await colleges.create({ slug: 'mail-north', name: 'North', host: 'placements.north.edu' });
    const east = await colleges.create({ slug: 'mail-east', name: 'East' });
    const [atNorth, atEast] = await Promise.all([
      withinColleges([north.id], () => w.student()),
      withinColleges([east.id], () => w.student()),
    ]);
    const company = await w.company();
    // The sign-ups woke the app's own mail worker: its pass ends before this test queues its emails,
    // or it could take some of them.
    await t.app.workers.drain('mail');
    const sent: Email[] = [];
    const sender = mailWorker({
      outboxRepo: createOutboxRepo(t.db),
      transport: { send: (email) => (sent.push(email), Promise.resolve()), close: () => {} },
      log: quietLog(),
      keepBodies: true,
    });
    await t.db.delete(outboxEmails);
    const text = 'Open https://x.test/student/reset-password#token=abc, or https://x.test/ itself.';
    await enqueueEmails(
      t.db,
      [
        ['main@example.com', accountId],
        ['north@example.com', atNorth.id],
        ['east@example.com', atEast.id],
        ['company@example.com', company.id],
      ].map(([to, id]) => ({ kind: 'test', to: to!, accountId: id!, subject: 'Links', text })),
    );
    await sender.drain();
    const textTo = (to: string) => sent.find((e) => e.to === to)?.text;
    expect(textTo('main@example.com')).toBe(text);
    expect(textTo('north@example.com')).toBe(
      'Open https://placements.north.edu/student/reset-password#token=abc, or https://placements.north.edu/ itself.',
    );
    expect(textTo('east@example.com')).toBe(
      'Open https://x.test/c/mail-east/student/reset-password#token=abc, or https://x.test/c/mail-east/ itself.',
    );
    expect(textTo('company@example.com')).toBe(text);
    // The outbox keeps the text as it was sent.
    expect((await rowFor('north@example.com')).body).toBe(textTo('north@example.com'));
  });
});
