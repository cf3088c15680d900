/**
 * `npm run test:load`: the placement-day mix at once, for a minute, with autocannon. Students list
 * the vacancies, open their applications and apply; companies list and move their applicants;
 * staff search students. Prints requests, answers by status (per kind of request), connection
 * errors, timeouts and the p50/p99 latency. The target is 0 errors and 0 timeouts.
 *
 *   npm run test:load                                          own server, embedded database, 2,000 sample students
 *   npm run test:load -- --postgres postgres://postgres@127.0.0.1:5432/postgres
 *                                                              own server on a throw-away database on that PostgreSQL
 *   npm run test:load -- --url http://localhost:3000           a running server seeded with `npm run seed -- --students N`
 *
 * Options: --connections (default 50), --seconds (default 60), --students (default 2000),
 * --signins (students who take part, default 100), --session-cache-seconds (the own server's
 * SESSION_CACHE_SECONDS, default 10: 0 compares a run without the sessions' recent copy).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { demoAccounts, seedDemoAccounts } from '../src/db/demo-accounts.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { loadSampleData, SAMPLE_PASSWORD } from '../src/db/sample-data.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    postgres: { type: 'string' },
    students: { type: 'string', default: '2000' },
    signins: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    'session-cache-seconds': { type: 'string', default: '10' },
  },
});
const students = Number(values.students);

let base = values.url?.replace(/\/$/, '');
let driver = 'a running server';
let cleanup = async () => {};
if (!base) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-load-'));
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  if (values.postgres) {
    const name = `portal_load_${process.pid}`;
    const admin = postgres(values.postgres, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(values.postgres);
    url.pathname = `/${name}`;
    handle = await openDatabase({ driver: 'postgres', url: url.toString() });
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    driver = 'PostgreSQL';
  } else {
    handle = await openDatabase({ driver: 'pglite', dataDir });
    driver = 'embedded PostgreSQL (PGlite)';
  }
  await migrateDatabase(handle);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Every sign-in of the run comes from this one address.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    SESSION_CACHE_SECONDS: values['session-cache-seconds'],
  });
  const started = Date.now();
  console.log(`Loading ${students.toLocaleString('en-IN')} sample students…`);
  await seedDemoAccounts(config, handle.db);
  await loadSampleData(handle.db, { students });
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // As server.ts builds it: with the database's LISTEN (live events, the colleges' and the
  // sessions' copies) and, on the embedded database, its maintenance.
  const app = await buildApp(config, handle.db, {
    logger: false,
    listen: handle.listen,
    pglite: handle.pglite,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cleanup = async () => {
    await app.close();
    await handle.close();
    await dropDatabase();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

async function call<T>(method: string, url: string, cookie?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(cookie && { cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(role: string, emailID: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/${role}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailID, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`could not sign in ${emailID}: ${await response.text()}`);
  return cookie;
}

/** In small groups: argon2 is meant to be slow, and the server serves the sign-ins too. */
async function inGroups<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}

console.log('Signing in students, companies and staff…');
const studentNumbers = Array.from({ length: Math.min(Number(values.signins), students) }, (_, i) =>
  Math.max(1, Math.round(((i + 0.5) * students) / Number(values.signins))),
);
const studentCookies = await inGroups(studentNumbers, 8, (n) =>
  signIn('student', `student${n}@sample.edu`, SAMPLE_PASSWORD),
);
const companyCount = Math.max(5, Math.round(students / 200));
const companyCookies = await inGroups(
  Array.from({ length: companyCount }, (_, i) => i + 1),
  8,
  (c) => signIn('company', `recruiter@company${c}.com`, SAMPLE_PASSWORD),
);
const staff = await signIn(
  'college-staff',
  demoAccounts['college-staff'].emailID,
  demoAccounts['college-staff'].password,
);

// Each apply and each move is a fresh one that should succeed, so refusals in the figures mean
// something: the vacancies each student may still apply to, the applicants one step can move.
type Listing = { message: { items: { _id: string; applied: boolean; notEligibleReason: string | null }[] } };
const applies: { cookie: string; jobID: string }[] = [];
const vacancies = await inGroups(studentCookies, 8, (cookie) =>
  call<Listing>('GET', '/api/student/jobs?eligibleOnly=true&pageSize=100', cookie).then((l) => ({
    cookie,
    l,
  })),
);
for (const { cookie, l } of vacancies) {
  for (const job of l.message.items) {
    if (!job.applied && !job.notEligibleReason) applies.push({ cookie, jobID: job._id });
  }
}
const next: Record<string, string> = {
  'Form Submitted': 'Shortlisted',
  Shortlisted: 'Online Assessment',
  'Online Assessment': 'Technical Interview',
  'Technical Interview': 'HR Interview',
};
const moves: { cookie: string; id: string; stage: string }[] = [];
for (const cookie of companyCookies) {
  const rows = await call<{ message: { items: { _id: string; stage: string }[] } }>(
    'GET',
    '/api/company/applicants?pageSize=100',
    cookie,
  );
  for (const row of rows.message.items) {
    const stage = next[row.stage];
    if (stage) moves.push({ cookie, id: row._id, stage });
  }
}
// Interleaved, so the moves are spread over the companies rather than one after another.
applies.sort(() => Math.random() - 0.5);
moves.sort(() => Math.random() - 0.5);
console.log(
  `  ${studentCookies.length} students (${applies.length} applications to make), ` +
    `${companyCookies.length} companies (${moves.length} moves to make), 1 staff member`,
);

const searches = ['a', 'ka', 'kav', 'rohan s', 'sai', 'ananya me', 'dhruv', 'zz', 'amar t', 'p'];
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** The mix, out of 20 requests: what a placement day looks like from the server. */
const mix = [
  ...Array<string>(6).fill('student: list vacancies'),
  ...Array<string>(4).fill('student: own applications'),
  ...Array<string>(2).fill('student: apply'),
  ...Array<string>(3).fill('company: list applicants'),
  ...Array<string>(1).fill('company: move an applicant'),
  ...Array<string>(4).fill('staff: search students'),
];

type Planned = { method: 'GET' | 'POST'; path: string; cookie: string; body?: unknown };
let turn = 0;
function plan(): { kind: string; request: Planned } {
  let kind = mix[turn++ % mix.length]!;
  if (kind === 'student: apply') {
    const apply = applies.pop();
    if (apply) {
      const body = { jobID: apply.jobID };
      return {
        kind,
        request: { method: 'POST', path: '/api/student/jobApplyByStudent', cookie: apply.cookie, body },
      };
    }
    kind = 'student: list vacancies'; // every vacancy applied to: list them instead
  }
  if (kind === 'company: move an applicant') {
    const move = moves.pop();
    if (move) {
      const request = {
        method: 'POST' as const,
        path: `/api/company/applications/${move.id}/stage`,
        cookie: move.cookie,
      };
      return { kind, request: { ...request, body: { stage: move.stage } } };
    }
    kind = 'company: list applicants';
  }
  switch (kind) {
    case 'student: list vacancies':
      return {
        kind,
        request: { method: 'GET', path: '/api/student/jobs?eligibleOnly=true', cookie: pick(studentCookies) },
      };
    case 'student: own applications':
      return {
        kind,
        request: { method: 'GET', path: '/api/student/applications', cookie: pick(studentCookies) },
      };
    case 'company: list applicants':
      return {
        kind,
        request: { method: 'GET', path: '/api/company/applicants', cookie: pick(companyCookies) },
      };
    default:
      return {
        kind,
        request: {
          method: 'GET',
          path: `/api/college-staff/students?search=${encodeURIComponent(pick(searches))}`,
          cookie: staff,
        },
      };
  }
}

const byKind = new Map<string, Map<number, number>>();
const timesByKind = new Map<string, number[]>();
const count = (kind: string, status: number, ms: number) => {
  const statuses = byKind.get(kind) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  byKind.set(kind, statuses);
  timesByKind.set(kind, [...(timesByKind.get(kind) ?? []), ms]);
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

console.log(`\n${values.connections} connections for ${values.seconds} s against ${base} (${driver})`);
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  autocannon(
    {
      url: base,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      timeout: 10,
      requests: [
        {
          setupRequest: (request, context) => {
            const { kind, request: r } = plan();
            Object.assign(context, { kind, sentAt: performance.now() });
            return {
              ...request,
              method: r.method,
              path: r.path,
              headers: {
                cookie: r.cookie,
                ...(r.body !== undefined && { 'content-type': 'application/json' }),
              },
              body: r.body === undefined ? undefined : JSON.stringify(r.body),
            };
          },
          onResponse: (status, _body, context) => {
            const { kind, sentAt } = context as { kind: string; sentAt: number };
            count(kind, status, performance.now() - sentAt);
          },
        },
      ],
    },
    (error, finished) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
  );
});

console.log(`${'request'.padEnd(28)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  answers by status`);
for (const [kind, statuses] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
  const text = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n.toLocaleString('en-IN')}`)
    .join(', ');
  const times = (timesByKind.get(kind) ?? []).sort((a, b) => a - b);
  const p50 = percentile(times, 50).toFixed(0).padStart(7);
  const p99 = percentile(times, 99).toFixed(0).padStart(7);
  console.log(`${kind.padEnd(28)} ${p50} ${p99}  ${text}`);
}
const non2xx: Record<number, number> = {};
for (const statuses of byKind.values()) {
  for (const [status, n] of statuses)
    if (status < 200 || status > 299) non2xx[status] = (non2xx[status] ?? 0) + n;
}
console.log(
  `\nrequests ${result.requests.total.toLocaleString('en-IN')} (${result.requests.average.toFixed(0)}/s), ` +
    `non-2xx ${result.non2xx} ${JSON.stringify(non2xx)}, errors ${result.errors}, timeouts ${result.timeouts}, ` +
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
);
await cleanup();
if (result.errors > 0 || result.timeouts > 0) process.exitCode = 1;
