import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { entries, http } from '@portal/contracts/messages';
import { MAX_INTERNSHIPS } from '@portal/contracts/students';
import { buildApp } from '../app.ts';
import { signUp } from '../test/accounts.ts';
import { ownPostgresUnavailable, startOwnPostgres } from '../test/own-postgres.ts';
import { testConfig } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { internships } from './schema.ts';

/**
 * The PostgreSQL server restarts (a cleanly stopped one, then a crashed one) while students read
 * and write: nobody gets a 500, every acknowledged write survives, and requests succeed again soon
 * after the server is back. It runs in the PostgreSQL project only, on a server of its own (the
 * shared one stays up for the other test files).
 */
const skipReason =
  inject('dbDriver') !== 'postgres'
    ? 'no PostgreSQL server given (TEST_DATABASE_URL): the restart test belongs to the postgres project'
    : await ownPostgresUnavailable();
if (skipReason) console.log(`restart test skipped: ${skipReason}`);

const LOOPS = 8;
const RUN_MS = 15_000;
const DOWN_MS = 1_500;
const RESTARTS = [
  { at: 3_500, mode: 'fast' as const },
  { at: 9_000, mode: 'immediate' as const },
];

let cleanup = async () => {};
afterAll(() => cleanup());

it.skipIf(skipReason)(
  'survives PostgreSQL restarts under load: no 500, no lost write, back within 10 s',
  async () => {
    const server = await startOwnPostgres();
    cleanup = () => server.destroy();
    const handle = await openDatabase({ driver: 'postgres', url: server.url });
    cleanup = async () => {
      await handle.close();
      await server.destroy();
    };
    await migrateDatabase(handle);
    // The error handler logs each 503 as a warning with the error (and its causes' codes) and each
    // 500 as an error: the codes tell which driver errors a restart produces.
    const errorLog: string[] = [];
    const unavailableCodes = new Set<string>();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        const line = String(chunk);
        const entry = JSON.parse(line) as { level: number; err?: unknown };
        if (entry.level >= 50) errorLog.push(line);
        const warned = entry.level === 40 ? entry.err : undefined;
        for (let e = warned as { code?: unknown; cause?: unknown } | undefined; e;) {
          if (typeof e.code === 'string') unavailableCodes.add(e.code);
          e = e.cause as typeof e | undefined;
        }
        done();
      },
    });
    const app = await buildApp(testConfig(), handle.db, { logger: { level: 'warn', stream: logStream } });
    const cookies = await Promise.all(
      Array.from({ length: LOOPS }, (_, i) => signUp(app, 'student', { firstName: `Loop${i}` })),
    );

    const byStatus = new Map<number, number>();
    const wrong: string[] = [];
    const acknowledged: string[] = [];
    const oks: number[] = [];
    const started = Date.now();
    const end = started + RUN_MS;

    const record = (status: number, headers: Record<string, unknown>, body: string) => {
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (status >= 200 && status < 300) {
        oks.push(Date.now());
        return;
      }
      const polite =
        status === 503 &&
        headers['retry-after'] === '5' &&
        body === JSON.stringify({ message: http.unavailable });
      if (!polite && wrong.length < 20) wrong.push(`${status} ${String(headers['retry-after'])} ${body}`);
    };

    const loop = async (first: string, i: number) => {
      let cookie = first;
      let kept = 0;
      for (let n = 0; Date.now() < end; n++) {
        if (kept === MAX_INTERNSHIPS) {
          // A student keeps at most 50 internships: the loop carries on as a new student.
          try {
            cookie = (await signUp(app, 'student', { firstName: `Loop${i}n${n}` })).cookie;
            kept = 0;
          } catch {
            await sleep(50); // the database is away: sign up once it is back
          }
          continue;
        }
        const read = await app.inject({ url: '/api/student/getUserData', headers: { cookie } });
        record(read.statusCode, read.headers, read.body);
        const description = `write ${i}-${n}`;
        const write = await app.inject({
          method: 'PUT',
          url: '/api/student/updateProfileDetail',
          headers: { cookie },
          payload: {
            typ: 'internships',
            value: { company: 'Acme', role: 'Intern', duration: '1 month', description },
          },
        });
        if (write.body === JSON.stringify({ message: entries.internship.tooMany(MAX_INTERNSHIPS) })) {
          // A write answered 503 had been committed all the same: the student is full sooner.
          kept = MAX_INTERNSHIPS;
          continue;
        }
        record(write.statusCode, write.headers, write.body);
        if (write.statusCode === 200) {
          acknowledged.push(description);
          kept++;
        }
        // A client told to wait does not hammer the server meanwhile.
        if (read.statusCode === 503 || write.statusCode === 503) await sleep(50);
      }
    };

    const restarts = (async () => {
      const outages: { mode: string; stoppedAt: number; backAt: number }[] = [];
      for (const { at, mode } of RESTARTS) {
        await sleep(started + at - Date.now());
        const stoppedAt = Date.now();
        await server.stop(mode);
        await sleep(DOWN_MS);
        await server.start();
        outages.push({ mode, stoppedAt, backAt: Date.now() });
      }
      return outages;
    })();

    const [outages] = await Promise.all([restarts, ...cookies.map((c, i) => loop(c.cookie, i))]);

    const recoveries = outages.map(({ mode, stoppedAt, backAt }) => {
      const firstOk = oks.find((t) => t >= backAt);
      return {
        mode,
        downSeconds: (backAt - stoppedAt) / 1000,
        recoverySeconds: firstOk === undefined ? Infinity : (firstOk - backAt) / 1000,
      };
    });
    const stored = new Set<string>();
    for (let i = 0; i < acknowledged.length; i += 1000) {
      const rows = await handle.db
        .select({ description: internships.description })
        .from(internships)
        .where(inArray(internships.description, acknowledged.slice(i, i + 1000)));
      for (const row of rows) stored.add(row.description);
    }
    const lost = acknowledged.filter((d) => !stored.has(d));
    const requests = [...byStatus.values()].reduce((a, b) => a + b, 0);

    console.log(
      `restart test: ${requests} requests, by status ${JSON.stringify(Object.fromEntries(byStatus))}, ` +
        `${byStatus.get(500) ?? 0} × 500, ${acknowledged.length} writes acknowledged, ${lost.length} lost; ` +
        recoveries
          .map(
            (r) =>
              `${r.mode} stop: down ${r.downSeconds.toFixed(1)} s, first success ${r.recoverySeconds.toFixed(2)} s after it was back`,
          )
          .join('; ') +
        `; driver error codes answered with 503: ${[...unavailableCodes].sort().join(', ')}`,
    );
    if (wrong.length) console.log(`unexpected answers:\n${wrong.join('\n')}\n${errorLog.join('')}`);

    expect(wrong).toEqual([]);
    expect(byStatus.get(500) ?? 0).toBe(0);
    expect(byStatus.get(503) ?? 0).toBeGreaterThan(0); // the restarts did reach the requests
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(lost).toEqual([]);
    for (const r of recoveries) expect(r.recoverySeconds).toBeLessThan(10);
    await app.close();
  },
  90_000,
);
