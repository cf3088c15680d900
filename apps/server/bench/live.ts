/**
 * `npm run bench:live`: the live streams on one instance (the compiled server, on a fresh PostgreSQL
 * database), measured from another process.
 *
 * 1. Opens LIVE_STREAMS streams (default 5,000: LIVE_LISTENERS students, 1,000 by default, five
 *    browsers each) and reports the server's resident memory before and after.
 * 2. A board change: one statement writing an event for each of the students (as drive days will
 *    publish one to a board's viewers), timed from sending it to each stream receiving its event,
 *    p50 / p95 / max over one stream per student (the listeners) and over all streams; three rounds.
 * 3. The same through a feature: a staff message to all the students, timed from the request.
 *
 *   TEST_DATABASE_URL  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import postgres from 'postgres';
import { openLiveStream, type LiveClient } from './live-client.ts';
import { buildIfStale, startPortal, throwAwayPostgres } from './processes.ts';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 5_000);
const LISTENERS = Number(process.env.LIVE_LISTENERS ?? 1_000);
const ROUNDS = 3;
const perStudent = Math.ceil(STREAMS / LISTENERS);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const rssMb = async (pid: number) => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const { url, drop } = await throwAwayPostgres(serverUrl, 'portal_bench_live');
const sql = postgres(url, { max: 2, onnotice: () => {} });
buildIfStale();
const portal = await startPortal(
  { driver: 'postgres', url },
  {
    build: false,
    waitFor: '/ready',
    env: { STAFF_SIGNUP_CODE: 'bench-live-code' },
  },
);
const streams: LiveClient[] = [];
try {
  // Students and their sessions straight into the database (signing up thousands through the API
  // hashes a password each); the sessions' tokens are ours, stored as their SHA-256 like any other.
  const accounts = await sql<{ id: string }[]>`
    with made as (
      insert into accounts (role, email, password_hash, first_name, last_name, phone)
      select 'student', 'livebench-' || n || '@bench.example.com', 'not-a-hash', 'Livebench', 'Student' || n, '9876543210'
      from generate_series(1, ${LISTENERS}::int) n
      returning id
    ), students_made as (
      insert into students (account_id, degrees, cgpa, year_of_passing)
      select id, array['B.Tech'], 8, 2026 from made
    )
    select id from made`;
  const cookies: string[][] = accounts.map(() => []);
  const sessionRows: { token_hash: string; account_id: string; expires_at: Date }[] = [];
  accounts.forEach((account, i) => {
    for (let k = 0; k < perStudent && sessionRows.length < STREAMS; k++) {
      const token = randomBytes(32).toString('base64url');
      cookies[i]!.push(`portal_session=${token}`);
      sessionRows.push({
        token_hash: createHash('sha256').update(token).digest('hex'),
        account_id: account.id,
        expires_at: new Date(Date.now() + 86_400_000),
      });
    }
  });
  for (let i = 0; i < sessionRows.length; i += 1000)
    await sql`insert into sessions ${sql(sessionRows.slice(i, i + 1000))}`;

  const staff = await fetch(`${portal.base}/api/college-staff/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Staff',
      emailID: 'staff@bench.example.com',
      phone: '9876543210',
      staffID: '2001',
      password: 'bench-pass-1',
      cpass: 'bench-pass-1',
      signupCode: 'bench-live-code',
    }),
  });
  if (staff.status !== 201) throw new Error(`staff sign-up answered ${staff.status}: ${await staff.text()}`);
  const staffCookie = staff.headers.get('set-cookie')!.split(';')[0]!;

  const pid = portal.child.pid!;
  // A few requests first, so the figure before is of a warmed-up server.
  for (let i = 0; i < 20; i++) (await openLiveStream(portal.base, cookies[i % LISTENERS]![0]!)).close();
  await sleep(2_000);
  const before = await rssMb(pid);
  const openStarted = performance.now();
  const flat = cookies.flatMap((list, student) => list.map((cookie, k) => ({ cookie, student, k })));
  const listeners: LiveClient[] = [];
  for (let i = 0; i < flat.length; i += 250) {
    const batch = await Promise.all(flat.slice(i, i + 250).map((s) => openLiveStream(portal.base, s.cookie)));
    batch.forEach((stream, j) => {
      streams.push(stream);
      if (flat[i + j]!.k === 0) listeners.push(stream);
    });
  }
  const openedIn = performance.now() - openStarted;
  await sleep(5_000);
  const after = await rssMb(pid);
  console.log(
    `${streams.length.toLocaleString('en-IN')} streams (${LISTENERS.toLocaleString('en-IN')} students × ${perStudent}) opened in ${(openedIn / 1000).toFixed(1)} s; ` +
      `server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB with them open: +${(after - before).toFixed(0)} MB ` +
      `(${(((after - before) * 1024) / streams.length).toFixed(1)} kB a stream)`,
  );

  /** Waits until every stream has one event more than `counts`; each stream's delay from `from`. */
  const delivered = async (counts: number[], from: number) => {
    const deadline = Date.now() + 30_000;
    while (streams.some((s, i) => s.events().length <= counts[i]!) && Date.now() < deadline) await sleep(20);
    const delayOf = (s: LiveClient, i: number) => {
      const event = s.events()[counts[i]!];
      return event ? event.at - from : Infinity;
    };
    const all = streams.map(delayOf).sort((a, b) => a - b);
    const ofListeners = listeners.map((s) => delayOf(s, streams.indexOf(s))).sort((a, b) => a - b);
    const missing = all.filter((d) => d === Infinity).length;
    return (
      `${LISTENERS.toLocaleString('en-IN')} listeners: first ${ms(ofListeners[0]!)}, p50 ${ms(percentile(ofListeners, 0.5))}, ` +
      `p95 ${ms(percentile(ofListeners, 0.95))}, max ${ms(ofListeners.at(-1)!)}; ` +
      `all ${streams.length.toLocaleString('en-IN')} streams: p95 ${ms(percentile(all, 0.95))}, max ${ms(all.at(-1)!)}` +
      (missing ? `; ${missing} streams got nothing in 30 s` : '')
    );
  };

  // A board change as drive days will publish it: one statement writing an event for each of the
  // board's viewers (here all the students), committed on its own; timed from sending it.
  for (let round = 1; round <= ROUNDS; round++) {
    const counts = streams.map((s) => s.events().length);
    const sentAt = performance.now();
    await sql`
      insert into live_events (account_id, kind, payload)
      select id, 'board', ${sql.json({ round: String(round) })} from accounts where first_name = 'Livebench'`;
    const committedIn = performance.now() - sentAt;
    console.log(
      `board change ${round} (committed in ${ms(committedIn)}): ${await delivered(counts, sentAt)}`,
    );
    await sleep(1_000);
  }

  // The same through a feature: a staff message to the 1,000 students (their notifications, emails
  // queued and live events in one transaction), timed from sending the request.
  for (let round = 1; round <= ROUNDS; round++) {
    const counts = streams.map((s) => s.events().length);
    const sentAt = performance.now();
    const response = await fetch(`${portal.base}/api/college-staff/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: staffCookie },
      body: JSON.stringify({ subject: `Round ${round}`, body: 'Bench', filters: { search: 'Livebench' } }),
    });
    const answeredIn = performance.now() - sentAt;
    if (response.status !== 201)
      throw new Error(`the message answered ${response.status}: ${await response.text()}`);
    console.log(`staff message ${round} (answered in ${ms(answeredIn)}): ${await delivered(counts, sentAt)}`);
    await sleep(2_000);
  }
  console.log(`server RSS at the end: ${(await rssMb(pid)).toFixed(0)} MB`);
} finally {
  for (const stream of streams) stream.close();
  await portal.stop();
  await sql.end();
  await drop();
}
