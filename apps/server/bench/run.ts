/**
 * `npm run bench`: loads API endpoints with autocannon and prints the median and p95 latency of
 * each. Figures are for comparing changes on one machine: this one has 2 shared cores.
 *
 *   npm run bench                                   own server on a throw-away database, 2,000 sample students
 *   npm run bench -- --students 100000              the same with 100,000 (takes ~5 minutes to load)
 *   npm run bench -- --url http://localhost:3000    a running server seeded with `npm run seed -- --students N`
 *
 * Options: --seconds (per endpoint, default 8), --connections (default 10).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { loadSampleData } from '../src/db/sample-data.ts';
import { demoAccounts, seedDemoAccounts } from '../src/db/demo-accounts.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    students: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
  },
});

let base = values.url?.replace(/\/$/, '');
let cleanup = async () => {};
if (!base) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const handle = await openDatabase({ driver: 'pglite', dataDir });
  await migrateDatabase(handle);
  const started = Date.now();
  console.log(`Loading ${Number(values.students).toLocaleString('en-IN')} sample students…`);
  await seedDemoAccounts(config, handle.db);
  await loadSampleData(handle.db, { students: Number(values.students) });
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const app = await buildApp(config, handle.db, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cleanup = async () => {
    await app.close();
    await handle.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

async function signIn(role: keyof typeof demoAccounts): Promise<string> {
  const response = await fetch(`${base}/api/${role}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAccounts[role]),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie)
    throw new Error(`could not sign in as the demo ${role}: ${await response.text()}`);
  return cookie;
}
const student = await signIn('student');
const staff = await signIn('college-staff');

const searches = ['a', 'ka', 'kav', 'rohan s', 'sai', 'ananya me', 'dhruv', 'zz', 'amar t', 'p'];
const endpoints = [
  { name: 'GET /api/ (session check)', cookie: student, paths: ['/api/'] },
  {
    name: 'staff search by name prefix',
    cookie: staff,
    paths: searches.map((s) => `/api/college-staff/students?search=${encodeURIComponent(s)}`),
  },
  {
    name: 'staff list, page 50, by degree',
    cookie: staff,
    paths: ['/api/college-staff/students?degree=MCA&page=50'],
  },
  { name: 'staff statistics', cookie: staff, paths: ['/api/college-staff/statistics'] },
  { name: 'student record', cookie: student, paths: ['/api/student/getUserData'] },
  { name: 'student job vacancies', cookie: student, paths: ['/api/student/getJobs'] },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

console.log(`\n${values.connections} connections, ${values.seconds} s each, against ${base}`);
console.log(
  `${'endpoint'.padEnd(34)} ${'req/s'.padStart(8)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'errors'.padStart(7)}`,
);
for (const endpoint of endpoints) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        headers: { cookie: endpoint.cookie },
        requests: endpoint.paths.map((p) => ({ method: 'GET', path: p })),
        connections: Number(values.connections),
        duration: Number(values.seconds),
      },
      (error, finished) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  console.log(
    `${endpoint.name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(result.errors + result.non2xx).padStart(7)}`,
  );
}
await cleanup();
