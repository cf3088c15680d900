/**
 * `npm run bench`: builds the app on a throw-away embedded database, fills it with sample data,
 * then loads each endpoint with autocannon and prints the median and p95 latency of each.
 * Figures are for comparing changes on one machine, not promises: this one has 2 shared cores.
 *
 *   npm run bench -- --students 2000 --seconds 10 --connections 10
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
import { seedSampleData } from './sample-data.ts';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
  },
});

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '100000' }),
};
const handle = await openDatabase({ driver: 'pglite', dataDir });
await migrateDatabase(handle);
const app = await buildApp(config, handle.db, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

console.log(`Seeding ${values.students} students…`);
const started = Date.now();
const { studentCookie } = await seedSampleData(app, handle.db, Number(values.students));
console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const endpoints = [
  { name: 'GET /api/ (session check)', path: '/api/' },
  { name: 'GET /api/student/getUserData', path: '/api/student/getUserData' },
  { name: 'GET /api/student/getJobs', path: '/api/student/getJobs' },
  { name: 'GET /api/notifications', path: '/api/notifications' },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

console.log(
  `\n${'endpoint'.padEnd(34)} ${'req/s'.padStart(8)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'errors'.padStart(7)}`,
);
for (const endpoint of endpoints) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + endpoint.path,
        headers: { cookie: studentCookie },
        connections: Number(values.connections),
        duration: Number(values.seconds),
      },
      (error, finished) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const errors = result.errors + result.non2xx;
  console.log(
    `${endpoint.name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(errors).padStart(7)}`,
  );
}

await app.close();
await handle.close();
await fs.rm(dataDir, { recursive: true, force: true });
