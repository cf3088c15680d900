/**
 * `npm run test:cluster`: two portal processes, as `npm start` runs them in production, on one
 * PostgreSQL database (a fresh one), one S3 bucket (s3rver) and one Redis, behind the round-robin
 * proxy of `proxy.ts`, and what must hold for them to be one portal. Prints PASS or FAIL per point
 * and exits 1 when any failed.
 *
 *   TEST_DATABASE_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 *                       a database `portal_cluster_<pid>` is made on it and dropped after
 *   TEST_REDIS_URL      the Redis server (default redis://127.0.0.1:6379); its database 7 is used
 *                       and emptied
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { simpleParser } from 'mailparser';
import postgres from 'postgres';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import {
  buildIfStale,
  freePort,
  removeDir,
  type RunningServer,
  startPortal,
  type Target,
  throwAwayPostgres,
} from '../bench/processes.ts';
import { shippedMigrations } from '../src/db/migrate.ts';
import { openLiveStream } from '../bench/live-client.ts';
import { startProxy } from './proxy.ts';

const postgresServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
redisUrl.pathname = '/7';
const FAILURES_ALLOWED = 10;

const results: { name: string; ok: boolean; detail: string }[] = [];
async function point(name: string, check: () => Promise<string>) {
  try {
    const detail = await check();
    results.push({ name, ok: true, detail });
    console.log(`PASS  ${name}: ${detail}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, detail });
    console.log(`FAIL  ${name}: ${detail}`);
  }
}
function expect(condition: boolean, failure: string): asserts condition {
  if (!condition) throw new Error(failure);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

// ── what the instances talk to ────────────────────────────────────────────────────────────────
const cleanups: (() => Promise<unknown>)[] = [];
const { url: databaseUrl, drop } = await throwAwayPostgres(postgresServer, 'portal_cluster');
cleanups.push(drop);
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
cleanups.push(() => sql.end());

const redis = new Redis(redisUrl.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
await redis.flushdb();
cleanups.push(async () => {
  await redis.flushdb();
  redis.disconnect();
});

const s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cluster-s3-'));
const bucket = 'portal-cluster';
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const s3Address = await s3.run();
cleanups.push(async () => {
  await s3.close();
  await removeDir(s3Dir);
});

/** Every email that reached the SMTP server, by recipient. */
const received: { to: string; subject: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const to = [mail.to ?? []]
          .flat()
          .map((a) => a.text)
          .join(', ');
        received.push({ to, subject: mail.subject ?? '' });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

// ── two instances behind the proxy ────────────────────────────────────────────────────────────
const target: Target = { driver: 'postgres', url: databaseUrl };
const ports = [await freePort(), await freePort()];
const proxyPort = await freePort();
const env: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  STAFF_SIGNUP_CODE: 'cluster-test-code',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  APP_URL: `http://127.0.0.1:${proxyPort}`,
  COOKIE_SECURE: 'false',
  TRUST_PROXY: '127.0.0.1',
  REDIS_URL: redisUrl.toString(),
  S3_BUCKET: bucket,
  S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  AUTH_RATE_LIMIT_PER_MINUTE: '300',
  SIGNIN_FAILURES_PER_ACCOUNT: String(FAILURES_ALLOWED),
  // Node 20 is still supported by the SDK this build pins; docs/deploy.md says what changes when not.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
const start = (index: number) =>
  startPortal(target, { env, port: ports[index]!, build: false, waitFor: '/ready' });

buildIfStale();
const instances: RunningServer[] = [];
cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())));
const startedAt = Date.now();
// Both at the same moment, on the empty database.
const [first, second] = await Promise.allSettled([start(0), start(1)]);
for (const started of [first, second]) if (started.status === 'fulfilled') instances.push(started.value);
const proxy = await startProxy(
  ports.map((port) => `http://127.0.0.1:${port}`),
  { port: proxyPort },
);
cleanups.push(() => proxy.close());
const base = proxy.url;

/** The college command (`npm run college`), run as the operator runs it: a process of its own beside the instances. */
function collegeCommand(...args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../src/db/college-cli.ts', import.meta.url)), ...args],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
}

async function api(method: string, route: string, options: { cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { response, upstream: response.headers.get('x-upstream'), status: response.status };
}

let accounts = 0;
async function signUpStudent(label: string) {
  accounts++;
  const emailID = `${label}-${accounts}@cluster.example.com`;
  const { response, status } = await api('POST', '/api/student/signup', {
    body: {
      firstName: 'Cluster',
      lastName: `Student${accounts}`,
      emailID,
      phone: '9876543210',
      password: 'cluster-pass-1',
      cpass: 'cluster-pass-1',
    },
  });
  expect(status === 201, `the sign-up of ${emailID} answered ${status}: ${await response.text()}`);
  return { emailID, cookie: cookieOf(response) };
}

try {
  await point('both instances start at once on an empty database and migrate it once', async () => {
    expect(
      first.status === 'fulfilled' && second.status === 'fulfilled',
      `an instance did not become ready: ${[first, second]
        .map((s) => (s.status === 'rejected' ? String(s.reason) : 'ready'))
        .join('; ')}`,
    );
    const [row] = await sql<{ applied: number; distinct: number }[]>`
      select count(*)::int as applied, count(distinct hash)::int as distinct
      from drizzle.__drizzle_migrations`;
    const shipped = shippedMigrations();
    expect(
      row?.applied === shipped && row.distinct === shipped,
      `expected ${shipped} migrations recorded once each, found ${row?.applied} rows (${row?.distinct} distinct)`,
    );
    return `both ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${shipped} migrations, each applied once`;
  });

  await point('a session made on one instance works on the other', async () => {
    const student = await signUpStudent('session');
    const seen = new Map<string, number>();
    for (let i = 0; i < 6; i++) {
      const { response, upstream, status } = await api('GET', '/api/student/getUserData', {
        cookie: student.cookie,
      });
      const body = (await response.json()) as { message: { personalDetail?: { emailID?: string } } };
      expect(status === 200, `instance ${upstream} answered ${status} to the session`);
      expect(
        body.message.personalDetail?.emailID === student.emailID,
        `instance ${upstream} answered for someone else`,
      );
      seen.set(upstream ?? '?', (seen.get(upstream ?? '?') ?? 0) + 1);
    }
    expect(seen.size === 2, `only instance ${[...seen.keys()].join()} answered`);
    const signedOut = await api('POST', '/api/student/signout', { cookie: student.cookie });
    const signedOutAt = performance.now();
    // Each instance keeps the sessions it read for pages a few seconds (modules/auth/session-cache.ts)
    // and forgets one when the database tells it the session ended, at the sign-out's commit: the
    // other instance refuses the session from then on, on both instances, within a second at most.
    const refusedBy = new Set<string>();
    let accepted = 0;
    let refusedAfterMs = 0;
    while (refusedBy.size < 2 && performance.now() - signedOutAt < 1_000) {
      const after = await api('GET', '/api/student/getUserData', { cookie: student.cookie });
      if (after.status === 401) {
        if (refusedBy.size === 0) refusedAfterMs = performance.now() - signedOutAt;
        refusedBy.add(after.upstream ?? '?');
      } else {
        expect(
          !refusedBy.has(after.upstream ?? '?'),
          `instance ${after.upstream} took the session again after refusing it`,
        );
        accepted++;
      }
    }
    expect(
      refusedBy.size === 2,
      `a second after signing out on instance ${signedOut.upstream}, only ${[...refusedBy].join() || 'no instance'} refused the session`,
    );
    return `6 requests, answered by instances ${[...seen.entries()].map(([k, v]) => `${k} (${v})`).join(' and ')}; signed out on ${signedOut.upstream}, refused by both (the first ${refusedAfterMs.toFixed(1)} ms later, ${accepted} page${accepted === 1 ? '' : 's'} answered before)`;
  });

  await point('a resume uploaded through one instance is served by the other', async () => {
    const student = await signUpStudent('resume');
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(`cluster test ${Date.now()}\n`),
      Buffer.alloc(200_000, 32),
      Buffer.from('\n%%EOF\n'),
    ]);
    const form = new FormData();
    form.append('resume', new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
    const upload = await fetch(`${base}/api/student/uploadResume`, {
      method: 'POST',
      headers: { cookie: student.cookie },
      body: form,
    });
    const uploadedBy = upload.headers.get('x-upstream');
    expect(upload.status === 200, `the upload answered ${upload.status}: ${await upload.text()}`);
    const record = await api('GET', '/api/student/getUserData', { cookie: student.cookie });
    const resume = ((await record.response.json()) as { message: { resume: string } }).message.resume;
    expect(Boolean(resume), 'the record names no resume');
    for (let i = 0; i < 4; i++) {
      const file = await fetch(new URL(resume, base), { headers: { cookie: student.cookie } });
      const bytes = Buffer.from(await file.arrayBuffer());
      const servedBy = file.headers.get('x-upstream');
      expect(file.status === 200, `instance ${servedBy} answered ${file.status} for the resume`);
      if (servedBy !== uploadedBy) {
        expect(
          sha256(bytes) === sha256(pdf),
          `instance ${servedBy} served different bytes (${bytes.length} bytes, sha256 ${sha256(bytes)} vs ${sha256(pdf)})`,
        );
        return `uploaded through instance ${uploadedBy}, served by instance ${servedBy}: ${bytes.length.toLocaleString('en-IN')} bytes, same SHA-256 ${sha256(pdf)}…`;
      }
    }
    throw new Error(`every request for the resume went to instance ${uploadedBy}`);
  });

  await point(
    "failed sign-ins counted across both instances hit the limit at the same count as on one, and the owner's browser still signs in",
    async () => {
      /** Wrong passwords until the 429; how many were refused as wrong first, and by which instances. */
      const guess = async (emailID: string, through: string) => {
        const upstreams = new Set<string>();
        for (let attempt = 1; attempt <= FAILURES_ALLOWED + 5; attempt++) {
          const response = await fetch(`${through}/api/student/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ emailID, password: `wrong-${attempt}` }),
          });
          await response.arrayBuffer();
          if (response.status === 429) return { refusedAt: attempt, upstreams };
          expect(response.status === 401, `attempt ${attempt} answered ${response.status}`);
          upstreams.add(response.headers.get('x-upstream') ?? 'direct');
        }
        throw new Error(`no 429 after ${FAILURES_ALLOWED + 5} wrong passwords`);
      };
      /** Signs in with the right password from the browser holding `device`; its next device cookie. */
      const signInFrom = async (emailID: string, device: string) => {
        const { response, status, upstream } = await api('POST', '/api/student/signin', {
          cookie: device,
          body: { emailID, password: 'cluster-pass-1' },
        });
        await response.arrayBuffer();
        const next = response.headers.getSetCookie().find((c) => c.startsWith('portal_device='));
        expect(
          status === 200 && next !== undefined,
          `the owner's browser was answered ${status} by ${upstream}`,
        );
        return { device: next.split(';')[0]!, upstream: upstream ?? '?' };
      };
      const owner = await signUpStudent('limit');
      // The owner signed in once from their browser before the guessing began: it is trusted.
      let { device } = await signInFrom(owner.emailID, '');
      const viaProxy = await guess(owner.emailID, base);
      const onOne = await guess((await signUpStudent('limit')).emailID, instances[0]!.base);
      expect(viaProxy.upstreams.size === 2, 'the wrong passwords did not reach both instances');
      expect(
        viaProxy.refusedAt === onOne.refusedAt && onOne.refusedAt === FAILURES_ALLOWED + 1,
        `through both instances attempt ${viaProxy.refusedAt} was refused, on one instance attempt ${onOne.refusedAt} (the limit is ${FAILURES_ALLOWED})`,
      );
      const ownerLetInBy = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const signedIn = await signInFrom(owner.emailID, device);
        device = signedIn.device;
        ownerLetInBy.add(signedIn.upstream);
      }
      expect(ownerLetInBy.size === 2, `only instance ${[...ownerLetInBy].join()} let the owner in`);
      return `${FAILURES_ALLOWED} wrong passwords shared between instances ${[...viaProxy.upstreams].join(' and ')}, then 429 at attempt ${viaProxy.refusedAt}; on one instance also at attempt ${onOne.refusedAt}; the owner's browser then signed in through instances ${[...ownerLetInBy].join(' and ')}`;
    },
  );

  await point('an email queued by one instance is sent exactly once', async () => {
    const students = await Promise.all(Array.from({ length: 20 }, () => signUpStudent('mail')));
    const queuedBy = new Set<string>();
    for (const student of students) {
      const { status, upstream } = await api('POST', '/api/student/forgotPassword', {
        body: { emailID: student.emailID },
      });
      expect(status === 200, `forgotPassword answered ${status}`);
      queuedBy.add(upstream ?? '?');
    }
    const resets = () => received.filter((m) => students.some((s) => s.emailID === m.to));
    const deadline = Date.now() + 20_000;
    while (resets().length < students.length && Date.now() < deadline) await sleep(100);
    // Both senders also sweep the outbox every 15 s: wait for one more sweep of each.
    await sleep(16_000);
    const counts = students.map((s) => received.filter((m) => m.to === s.emailID).length);
    const missing = counts.filter((n) => n === 0).length;
    const repeated = counts.filter((n) => n > 1).length;
    expect(
      missing === 0 && repeated === 0,
      `${missing} emails never arrived, ${repeated} arrived more than once`,
    );
    const [outbox] = await sql<{ sent: number; attempts: number }[]>`
      select count(*) filter (where sent_at is not null)::int as sent, coalesce(max(attempts), 0)::int as attempts
      from outbox_emails where kind = 'password-reset'`;
    expect(
      outbox?.sent === students.length && outbox.attempts === 1,
      `the outbox has ${outbox?.sent} sent, at most ${outbox?.attempts} attempts`,
    );
    return `${students.length} reset emails queued through instances ${[...queuedBy].join(' and ')}, each received once, each sent on the first attempt`;
  });

  // Live updates: a staff message is a notification, and each notification a live event.
  const signUpStaff = async (emailID: string, staffID: string) => {
    const { response, status } = await api('POST', '/api/college-staff/signup', {
      body: {
        firstName: 'Cluster',
        lastName: 'Staff',
        emailID,
        phone: '9876543210',
        staffID,
        password: 'cluster-pass-1',
        cpass: 'cluster-pass-1',
        signupCode: 'cluster-test-code',
      },
    });
    expect(status === 201, `the staff sign-up answered ${status}: ${await response.text()}`);
    return cookieOf(response);
  };
  const staffCookie = await signUpStaff('staff@cluster.example.com', '1001');
  /** A staff message to one student, sent through instance 1 directly (by `from`, a staff cookie). */
  const messageOnFirst = async (emailID: string, subject: string, from = staffCookie) => {
    const response = await fetch(`${instances[0]!.base}/api/college-staff/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: from },
      body: JSON.stringify({ subject, body: 'Live test', filters: { search: emailID } }),
    });
    expect(response.status === 201, `the message answered ${response.status}: ${await response.text()}`);
  };

  await point('an event made on instance 1 reaches a live stream held on instance 2 within 1 s', async () => {
    const student = await signUpStudent('live');
    const stream = await openLiveStream(instances[1]!.base, student.cookie);
    const delays: number[] = [];
    try {
      for (let i = 1; i <= 10; i++) {
        const sentAt = performance.now();
        await messageOnFirst(student.emailID, `Live ${i}`);
        await stream.until(() => stream.events().length === i, `event ${i} on instance 2`, 1_000);
        delays.push(stream.events()[i - 1]!.at - sentAt);
      }
    } finally {
      stream.close();
    }
    const worst = Math.max(...delays);
    expect(worst < 1_000, `the slowest took ${worst.toFixed(0)} ms`);
    delays.sort((a, b) => a - b);
    return `10 staff messages sent on instance 1, each a notification event on instance 2's stream: median ${delays[5]!.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms after the request was sent`;
  });

  await point(
    "a notification made on instance 1 shows on the student's page on instance 2 within 1 s",
    async () => {
      const student = await signUpStudent('record');
      // A staff member of their own: each may send 20 messages an hour, and the live points use 17.
      const staff = await signUpStaff('record-staff@cluster.example.com', '1002');
      const titlesOnSecond = async () => {
        const response = await fetch(`${instances[1]!.base}/api/student/getUserData`, {
          headers: { cookie: student.cookie },
        });
        expect(response.status === 200, `instance 2 answered ${response.status} to the student's page`);
        const body = (await response.json()) as { message: { notifications: { title: string }[] } };
        return body.message.notifications.map((n) => n.title);
      };
      // Instance 2 keeps the record it read for the page a few seconds (own-record-copy.ts) and
      // forgets it when the database tells it the record changed, at the message's commit.
      const delays: number[] = [];
      for (let i = 1; i <= 5; i++) {
        await titlesOnSecond();
        const sentAt = performance.now();
        await messageOnFirst(student.emailID, `Record ${i}`, staff);
        let shown = false;
        while (!shown && performance.now() - sentAt < 1_000)
          shown = (await titlesOnSecond()).includes(`Record ${i}`);
        expect(shown, `message ${i} was not on the page on instance 2 a second after it was sent`);
        delays.push(performance.now() - sentAt);
      }
      delays.sort((a, b) => a - b);
      return `5 staff messages sent on instance 1, each on the student's page on instance 2: median ${delays[2]!.toFixed(0)} ms, slowest ${delays[4]!.toFixed(0)} ms after the request was sent`;
    },
  );

  await point(
    'a live stream that drops and reconnects with Last-Event-ID gets every missed event once',
    async () => {
      const student = await signUpStudent('replay');
      const first = await openLiveStream(instances[1]!.base, student.cookie);
      await messageOnFirst(student.emailID, 'Before the drop');
      await first.until(() => first.events().length === 1, 'the first event');
      const seen = first.lastId()!;
      first.close();
      for (let i = 1; i <= 5; i++) await messageOnFirst(student.emailID, `Missed ${i}`);
      const stored = await sql<{ id: string }[]>`
      select l.id from live_events l join accounts a on a.id = l.account_id
      where a.email = ${student.emailID} and l.id > ${seen} order by l.id`;
      // Reconnected through the proxy: whichever instance takes it.
      const again = await openLiveStream(base, student.cookie, { lastEventId: seen });
      try {
        const replayed = again.events().map((e) => e.id);
        expect(
          JSON.stringify(replayed) === JSON.stringify(stored.map((r) => Number(r.id))),
          `replayed ${JSON.stringify(replayed)}, the table holds ${JSON.stringify(stored.map((r) => r.id))}`,
        );
        await messageOnFirst(student.emailID, 'After the reconnect');
        await again.until(() => again.events().length === 6, 'the event after the reconnect', 2_000);
        await new Promise((r) => setTimeout(r, 300));
        const ids = again.events().map((e) => e.id);
        expect(ids.length === 6 && new Set(ids).size === 6, `received ${JSON.stringify(ids)}`);
      } finally {
        again.close();
      }
      return `dropped after event ${seen}; 5 events made meanwhile; the reconnect (Last-Event-ID ${seen}) got those 5 (ids ${stored.map((r) => r.id).join(', ')}), then the next one live, each once`;
    },
  );

  await point(
    "a college added while both run is served by both, and each college's staff see only their students",
    async () => {
      // As the operator adds one: the college command, a process of its own beside the instances.
      const added = collegeCommand('add', 'north', 'North College');
      expect(added.status === 0, `the college command failed: ${added.stderr}`);
      // Its address works on both instances at once (each keeps its own copy of the colleges).
      const upstreams = new Set<string>();
      let northCookie = '';
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${base}/c/north/signup`, { redirect: 'manual' });
        expect(response.status === 302, `/c/north/ answered ${response.status}`);
        northCookie = cookieOf(response);
        upstreams.add(response.headers.get('x-upstream') ?? '?');
      }
      expect(northCookie === 'portal_college=north', `/c/north/ set "${northCookie}"`);
      // A student and a staff member sign up at North; the first college's staff member is the live test's.
      const student = await api('POST', '/api/student/signup', {
        cookie: northCookie,
        body: {
          firstName: 'North',
          lastName: 'Student',
          emailID: 'north-student@cluster.example.com',
          phone: '9876543210',
          password: 'cluster-pass-1',
          cpass: 'cluster-pass-1',
        },
      });
      expect(student.status === 201, `the North sign-up answered ${student.status}`);
      const staff = await api('POST', '/api/college-staff/signup', {
        cookie: northCookie,
        body: {
          firstName: 'North',
          lastName: 'Staff',
          emailID: 'north-staff@cluster.example.com',
          phone: '9876543210',
          staffID: '2001',
          password: 'cluster-pass-1',
          cpass: 'cluster-pass-1',
          signupCode: 'cluster-test-code',
        },
      });
      expect(staff.status === 201, `the North staff sign-up answered ${staff.status}`);
      const northStaff = cookieOf(staff.response);
      const [stored] = await sql<{ college: string }[]>`
        select c.slug as college from accounts a join colleges c on c.id = a.college_id
        where a.email = 'north-student@cluster.example.com'`;
      expect(stored?.college === 'north', `the student is at "${stored?.college}"`);
      // Each instance in turn, each staff member: North's finds the student, the first college's not.
      const found: string[] = [];
      for (const instance of instances) {
        for (const [who, cookie] of [
          ['North', northStaff],
          ['first', staffCookie],
        ] as const) {
          const response = await fetch(
            `${instance.base}/api/college-staff/students?search=${encodeURIComponent('north-student@cluster.example.com')}`,
            {
              headers: { cookie },
            },
          );
          expect(response.status === 200, `${who} staff's search answered ${response.status}`);
          const { message } = (await response.json()) as { message: { items: { emailID: string }[] } };
          const sees = message.items.some((s) => s.emailID === 'north-student@cluster.example.com');
          expect(sees === (who === 'North'), `${who} staff ${sees ? 'see' : 'do not see'} North's student`);
          found.push(`${who}: ${message.items.length}`);
        }
      }
      return `added by the college command; /c/north/ answered by instances ${[...upstreams].sort().join(' and ')}; a student signed up there is at North; on each instance North's staff find them and the first college's staff do not (${found.join(', ')})`;
    },
  );

  await point('a host name given by the college command reaches both instances at once', async () => {
    // The college a request to this host name is about, asked of one instance (fetch sends the
    // URL's own Host, so a plain request).
    const collegeAt = (instance: RunningServer, host: string) =>
      new Promise<string>((resolve, reject) => {
        const request = http.get(
          `${instance.base}/api/colleges/current`,
          { headers: { host } },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => {
              try {
                resolve((JSON.parse(body) as { message: { slug: string } }).message.slug);
              } catch (error) {
                reject(error instanceof Error ? error : new Error(String(error)));
              }
            });
          },
        );
        request.on('error', reject);
      });
    const host = 'placements.north.example';
    // Each instance has read its copy of the colleges, in which no college has this host name yet.
    for (const instance of instances) {
      const before = await collegeAt(instance, host);
      expect(before === 'main', `before: ${host} reached "${before}"`);
    }
    const given = collegeCommand('host', 'north', host);
    expect(given.status === 0, `the college command failed: ${given.stderr}`);
    // The very next request to each: no minute's wait for the copy to be read again.
    const after = await Promise.all(instances.map((instance) => collegeAt(instance, host)));
    expect(
      after.every((slug) => slug === 'north'),
      `after: ${host} reached ${after.join(', ')}`,
    );
    return `before the command ${host} reached the first college on both instances; the first request after it, North on both (${after.join(', ')})`;
  });

  await point('stopping an instance mid-traffic loses no acknowledged write', async () => {
    const writers = await Promise.all(Array.from({ length: 12 }, () => signUpStudent('writer')));
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let reads = 0;
    const failedReads: string[] = [];
    let stop = false;
    const traffic = writers.map(async (writer, w) => {
      for (let i = 0; i < 45 && !stop; i++) {
        const title = `cluster-${w}-${i}`;
        const write = await api('PUT', '/api/student/updateProfileDetail', {
          cookie: writer.cookie,
          body: {
            typ: 'projects',
            value: {
              title,
              link: 'https://example.com/p',
              duration: '1 month',
              description: 'Cluster test.',
            },
          },
        });
        await write.response.arrayBuffer();
        (write.status === 200 ? acknowledged : refused).push(title);
        const read = await api('GET', '/api/student/getUserData', { cookie: writer.cookie });
        await read.response.arrayBuffer();
        reads++;
        if (read.status !== 200) failedReads.push(`${read.status} from ${read.upstream}`);
      }
    });
    const retriedBefore = proxy.retried;
    await sleep(1_500);
    // A graceful stop (SIGTERM, as systemd or a deploy does), then back on the same port.
    await instances[0]!.stop();
    const ackedAtStop = acknowledged.length;
    await sleep(1_000);
    instances[0] = await start(0);
    await sleep(1_000);
    // A crash (SIGKILL) of the other, requests in flight.
    instances[1]!.child.kill('SIGKILL');
    await sleep(1_500);
    stop = true;
    await Promise.all(traffic);
    instances[1] = await start(1);

    const stored = await sql<{ title: string; n: number }[]>`
      select title, count(*)::int as n from projects where title like 'cluster-%' group by title`;
    const storedCount = new Map(stored.map((r) => [r.title, r.n]));
    const lost = acknowledged.filter((title) => !storedCount.has(title));
    const twice = stored.filter((r) => r.n > 1).map((r) => r.title);
    expect(
      lost.length === 0,
      `${lost.length} acknowledged writes are not stored: ${lost.slice(0, 5).join(', ')}`,
    );
    expect(twice.length === 0, `${twice.length} writes were stored twice: ${twice.slice(0, 5).join(', ')}`);
    expect(
      failedReads.length === 0,
      `${failedReads.length} reads failed: ${failedReads.slice(0, 5).join(', ')}`,
    );
    expect(
      ackedAtStop > 0 && acknowledged.length > ackedAtStop,
      'the writes did not run on both sides of the stop',
    );
    return `${acknowledged.length} writes acknowledged, all stored once; ${refused.length} answered with an error (not acknowledged; ${refused.filter((t) => storedCount.has(t)).length} of them stored anyway); ${reads} reads, none failed; the proxy sent ${proxy.retried - retriedBefore} requests again to the other instance`;
  });
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}

const failed = results.filter((r) => !r.ok).length;
console.log(
  failed === 0
    ? `\ncluster test: all ${results.length} points passed`
    : `\ncluster test: ${failed} of ${results.length} points FAILED`,
);
process.exit(failed === 0 ? 0 : 1);
