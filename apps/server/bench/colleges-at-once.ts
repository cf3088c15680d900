/**
 * Every college at work at once, on a PostgreSQL server: one sample student of each college signed
 * in, `getUserData` loaded across them, and what it costs in connections.
 *
 *   npm run bench:colleges -- --database-url postgres://…/portal_bench --colleges 10 [--students 100000]
 *                              [--connections 50] [--seconds 10]
 *
 * Prints req/s, p99, the answers that were not 200, and the most backends PostgreSQL had open for
 * the database (read every half second). With a pool per college, ten colleges at 50 connections
 * opened more than PostgreSQL's default 100 and requests failed (docs/performance.md, "One set of
 * walled connections for every college").
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { studentsApi } from '@portal/contracts/api/students';
import postgres from 'postgres';
import { SAMPLE_PASSWORD } from '../src/db/sample-data.ts';
import { ensureSeeded, signIn, startPortal } from './processes.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    colleges: { type: 'string', default: '10' },
    students: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
  },
});
const url = values['database-url'];
const colleges = Number(values.colleges);
if (!url || !Number.isInteger(colleges) || colleges < 1) {
  console.error('Usage: npm run bench:colleges -- --database-url URL --colleges N (a PostgreSQL server)');
  process.exit(2);
}
const target = { driver: 'postgres' as const, url };
await ensureSeeded(target, Number(values.students), colleges);
const portal = await startPortal(target);
const admin = postgres(url, { max: 1, onnotice: () => {} });
try {
  // The sample's student i is at the college (i mod N) + 1 of the list: students 1…N, one each.
  const cookies: string[] = [];
  for (let i = 1; i <= colleges; i++) {
    cookies.push(
      await signIn(portal.base, 'student', { emailID: `student${i}@sample.edu`, password: SAMPLE_PASSWORD }),
    );
  }
  const database = (await admin<{ database: string }[]>`select current_database() as database`)[0]!.database;
  let peak = 0;
  let refused = 0;
  const sampler = setInterval(() => {
    admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${database}`
      .then(([row]) => (peak = Math.max(peak, row!.n - 1)))
      .catch(() => refused++);
  }, 500);
  const result = await autocannon({
    url: portal.base,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: cookies.map((cookie) => ({
      method: 'GET' as const,
      path: studentsApi.profile.path,
      headers: { cookie },
    })),
  });
  clearInterval(sampler);
  console.log(
    `${colleges} colleges at once, ${values.connections} connections, ${values.seconds} s: ` +
      `${Math.round(result.requests.average).toLocaleString('en-IN')} req/s, p99 ${result.latency.p99} ms, ` +
      `${result.non2xx} answers not 200 of ${result.requests.total.toLocaleString('en-IN')}, ${result.errors} errors; ` +
      `at most ${peak} backends for the database besides this script's` +
      (refused > 0 ? ` (${refused} samples refused a connection)` : ''),
  );
} finally {
  await admin.end();
  await portal.stop();
}
