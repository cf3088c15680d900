/**
 * `npm run bench`: loads the API's hot endpoints with autocannon and prints, for each, requests a
 * second, p50 and p99 latency and the ratio to a bare Fastify JSON route served in the same run in
 * a process of its own. The machine has 2 shared cores, so absolute figures drift from run to run;
 * the ratios hold. Then the staff name search, one request at a time over 1–3 letter prefixes and
 * pages 1–5 (median and p95). The portal runs as its own process (`src/server.ts`), as in production.
 *
 *   npm run bench                                        throw-away embedded database, 2,000 sample students
 *   npm run bench -- --data-dir /tmp/bench-100k --students 100000
 *                                                        an embedded database kept in that folder (seeded the first time)
 *   npm run bench -- --postgres postgres://postgres@127.0.0.1:5432/postgres
 *                                                        throw-away database on that PostgreSQL server
 *   npm run bench -- --database-url postgres://postgres@127.0.0.1:5432/portal_bench --students 100000
 *                                                        a database on a server, kept (seeded the first time)
 *   npm run bench -- --url http://localhost:3000         a running server seeded with `npm run seed`
 *
 *   npm run bench -- --database-url postgres://…/portal_bench --instances 2
 *                                                        N server processes behind the round-robin proxy of
 *                                                        cluster/proxy.ts (PostgreSQL only); 1 measures the proxy's cost
 *
 * Options: --seconds per endpoint (default 8), --connections (default 10), --only (names containing
 * this text), --cpu-prof DIR (profile the server with node --cpu-prof and print where its time went),
 * --colleges N (the sample students spread over N colleges, the demo accounts in the first: the cost
 * of the walls between colleges).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { homesApi } from '@portal/contracts/api/homes';
import { summarizeCpuProfile } from './cpu-profile.ts';
import { postgresCpuMs, processCpuMs } from './cpu-time.ts';
import {
  ensureSeeded,
  removeDir,
  signIn,
  startBare,
  startPortal,
  startProxyProcess,
  type RunningServer,
  type Target,
  throwAwayPostgres,
} from './processes.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    postgres: { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    students: { type: 'string', default: '2000' },
    colleges: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    instances: { type: 'string' },
  },
});
const instances = values.instances === undefined ? undefined : Number(values.instances);
if (instances !== undefined && !(Number.isInteger(instances) && instances >= 1 && instances <= 8)) {
  console.error('--instances takes a whole number from 1 to 8');
  process.exit(2);
}
if (instances !== undefined && !values.postgres && !values['database-url']) {
  console.error('--instances needs --postgres or --database-url: the embedded database allows one process');
  process.exit(2);
}
const students = Number(values.students);
const colleges = Number(values.colleges);
if (!(Number.isInteger(colleges) && colleges >= 1 && colleges <= 100)) {
  console.error('--colleges takes a whole number from 1 to 100');
  process.exit(2);
}
const connections = Number(values.connections);
const seconds = Number(values.seconds);

const cleanups: (() => Promise<void>)[] = [];
let portal: RunningServer | undefined;
const extraServers: RunningServer[] = [];
let base = values.url?.replace(/\/$/, '');
let where = base ?? '';
if (!base) {
  let target: Target;
  if (values['database-url']) {
    target = { driver: 'postgres', url: values['database-url'] };
    where = 'PostgreSQL (kept database)';
  } else if (values.postgres) {
    const { url, drop } = await throwAwayPostgres(values.postgres);
    cleanups.push(drop);
    target = { driver: 'postgres', url };
    where = 'PostgreSQL (throw-away database)';
  } else if (values['data-dir']) {
    target = { driver: 'pglite', dataDir: path.resolve(values['data-dir']) };
    where = `embedded PostgreSQL (PGlite) in ${target.dataDir}`;
  } else {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
    cleanups.push(() => removeDir(dataDir));
    target = { driver: 'pglite', dataDir };
    where = 'embedded PostgreSQL (PGlite), throw-away';
  }
  await ensureSeeded(target, students, colleges);
  const profileDir = values['cpu-prof'] && path.resolve(values['cpu-prof']);
  if (profileDir) await fs.mkdir(profileDir, { recursive: true });
  portal = await startPortal(target, {
    nodeFlags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  base = portal.base;
  if (instances !== undefined) {
    const more = await Promise.all(
      Array.from({ length: instances - 1 }, () => startPortal(target, { build: false })),
    );
    extraServers.push(...more);
    const proxy = await startProxyProcess([portal.base, ...more.map((s) => s.base)]);
    extraServers.push(proxy);
    base = proxy.base;
    where += `, ${instances} instance${instances > 1 ? 's' : ''} behind the round-robin proxy`;
  }
}
const bare = await startBare();
const bareBehindProxy = instances === undefined ? undefined : await startProxyProcess([bare.base]);

const student = await signIn(base, 'student');
const staff = await signIn(base, 'college-staff');
const company = await signIn(base, 'company');

/** The process answering an endpoint, whose CPU time per request the bench prints (none behind a proxy). */
type Endpoint = { name: string; url: string; cookie?: string; paths: string[]; pid?: number };
const searches = ['ra', 'sa', 'an', 'ka', 'pr'];
const endpoints: Endpoint[] = [
  { name: 'bare Fastify JSON route', url: bare.base, paths: ['/'], pid: bare.child.pid },
  ...(bareBehindProxy
    ? [{ name: 'bare route through the proxy', url: bareBehindProxy.base, paths: ['/'] }]
    : []),
  { name: 'GET /api/ (session check)', url: base, cookie: student, paths: ['/api/'] },
  { name: 'student getUserData', url: base, cookie: student, paths: ['/api/student/getUserData'] },
  {
    name: 'student jobs, page 1',
    url: base,
    cookie: student,
    paths: ['/api/student/jobs?eligibleOnly=true&sort=deadline&page=1'],
  },
  { name: 'student getJobs (all, capped)', url: base, cookie: student, paths: ['/api/student/getJobs'] },
  // The page itself, as a phone asks for it: the server reads the same list and the student's
  // record from its own API and renders them (plugins/server-rendered-pages.ts).
  { name: 'student vacancy page (HTML)', url: base, cookie: student, paths: ['/student/jobVacancies'] },
  {
    name: 'staff search, page 1',
    url: base,
    cookie: staff,
    paths: searches.map((s) => `/api/college-staff/students?search=${s}`),
  },
  { name: 'staff statistics', url: base, cookie: staff, paths: ['/api/college-staff/statistics'] },
  // Each role's home page (modules/homes), as the area's first screen asks for it.
  { name: 'student home', url: base, cookie: student, paths: [homesApi.student.path] },
  { name: 'staff home', url: base, cookie: staff, paths: [homesApi.staff.path] },
  { name: 'company home', url: base, cookie: company, paths: [homesApi.company.path] },
]
  .filter((e) => !values.only || e.name.startsWith('bare') || e.name.includes(values.only))
  .map((e) => (e.url === base && instances === undefined ? { ...e, pid: portal?.child.pid } : e));
const onPostgres = Boolean(values['database-url'] ?? values.postgres);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function load(endpoint: Endpoint) {
  const times: number[] = [];
  const cpuBefore = { server: processCpuMs(endpoint.pid), db: onPostgres ? postgresCpuMs() : undefined };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: endpoint.url,
        headers: endpoint.cookie ? { cookie: endpoint.cookie } : {},
        requests: endpoint.paths.map((p) => ({ method: 'GET', path: p })),
        connections,
        duration: seconds,
      },
      (error, finished) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const answered = Math.max(1, result.requests.total);
  const perRequest = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined ? undefined : (after - before) / answered;
  return {
    serverCpu: perRequest(cpuBefore.server, processCpuMs(endpoint.pid)),
    dbCpu: perRequest(cpuBefore.db, onPostgres ? postgresCpuMs() : undefined),
    rps: result.requests.average,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

console.log(`\n${connections} connections, ${seconds} s each; portal on ${where}`);
if (portal?.startedInMs !== undefined) {
  // npm start adds its stale check (0.15 s) and npm itself (0.3 s) in front of this.
  console.log(
    `start-up: ${(portal.startedInMs / 1000).toFixed(2)} s from spawning dist/server.js to the first 200 of /health`,
  );
}
// CPU ms a request: the answering process's and, on PostgreSQL, the database's (all of this
// machine's postgres processes); steadier than req/s when other work shares the cores. "CPU ×"
// is both together as a multiple of the bare route's CPU a request in the same run: issue 32's
// targets (getUserData ≤ 15×, jobs page 1 ≤ 25×, staff search ≤ 40×, homes ≤ 30×, statistics ≤ 200×).
console.log(
  `${'endpoint'.padEnd(32)} ${'req/s'.padStart(8)} ${'of bare'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)} ${'errors'.padStart(7)} ${'CPU ms/req'.padStart(11)} ${'db CPU ms/req'.padStart(14)} ${'CPU ×'.padStart(7)}`,
);
const cpuFigure = (ms: number | undefined, width: number) =>
  (ms === undefined ? '-' : ms.toFixed(3)).padStart(width);
let bareRps = NaN;
let bareCpu: number | undefined;
for (const endpoint of endpoints) {
  const probe = await fetch(`${endpoint.url}${endpoint.paths[0]}`, {
    headers: endpoint.cookie ? { cookie: endpoint.cookie } : {},
  });
  if (probe.status === 404) {
    console.log(`${endpoint.name.padEnd(32)} (not on this server)`);
    continue;
  }
  const figures = await load(endpoint);
  const isBare = endpoint.url === bare.base;
  if (isBare) {
    bareRps = figures.rps;
    bareCpu = figures.serverCpu;
  }
  const ratio = `${((100 * figures.rps) / bareRps).toFixed(1)} %`;
  const cpu = figures.serverCpu === undefined ? undefined : figures.serverCpu + (figures.dbCpu ?? 0);
  const multiple =
    isBare || cpu === undefined || bareCpu === undefined || bareCpu <= 0
      ? '-'
      : `${(cpu / bareCpu).toFixed(1)}×`;
  console.log(
    `${endpoint.name.padEnd(32)} ${figures.rps.toFixed(0).padStart(8)} ${ratio.padStart(8)} ${figures.p50.toFixed(1).padStart(8)} ${figures.p99.toFixed(1).padStart(8)} ${figures.bytes.toFixed(0).padStart(8)} ${String(figures.errors).padStart(7)} ${cpuFigure(figures.serverCpu, 11)} ${cpuFigure(isBare ? undefined : figures.dbCpu, 14)} ${multiple.padStart(7)}`,
  );
}

if (!values.only || 'staff search, one at a time'.includes(values.only)) {
  // The staff list as a person types: every 1–3 letter prefix of common names, pages 1 to 5.
  const prefixes = [
    'a',
    'r',
    's',
    'k',
    'p',
    'm',
    'ra',
    'sa',
    'an',
    'ka',
    'pr',
    'ma',
    'raj',
    'san',
    'ana',
    'kav',
    'pri',
    'meh',
  ];
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const prefix of prefixes) {
      for (let page = 1; page <= 5; page++) {
        const started = performance.now();
        const response = await fetch(`${base}/api/college-staff/students?search=${prefix}&page=${page}`, {
          headers: { cookie: staff },
        });
        await response.arrayBuffer();
        if (round > 0) times.push(performance.now() - started);
      }
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nstaff search, one at a time (${prefixes.length} prefixes of 1–3 letters × pages 1–5, ${times.length} requests): ` +
      `median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
}

await bare.stop();
await bareBehindProxy?.stop();
for (const server of extraServers.reverse()) await server.stop();
if (portal) await portal.stop();
for (const cleanup of cleanups) await cleanup();
if (values['cpu-prof']) await summarizeCpuProfile(path.resolve(values['cpu-prof']));
