import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { withinColleges } from './college-scope.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * Walled work on a PostgreSQL server runs on one set of connections for every college
 * (db/walled-pool.ts). The postgres project only (vitest.config.ts): the embedded database has one
 * connection and switches its scope itself (pglite-prepared.ts).
 */
const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
const admin = postgres(inject('postgresUrl'), { max: 1, onnotice: () => {} });
let owner: postgres.Sql;
let handle: DatabaseHandle;
let colleges: number[];

beforeAll(async () => {
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = withDatabase(inject('postgresUrl'), name);
  owner = postgres(url, { max: 1, onnotice: () => {} });
  await owner`insert into colleges (slug, name) select 'college-' || i, 'College ' || i from generate_series(2, 12) i`;
  colleges = (await owner<{ id: number }[]>`select id from colleges order by id`).map((c) => c.id);
  handle = await openDatabase({ driver: 'postgres', url, poolSize: 2 });
});
afterAll(async () => {
  await handle?.close();
  await owner?.end();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** What a walled statement of `college` sees of the colleges table, and the backend that ran it. */
const seen = (college: number) =>
  withinColleges([college], async () => {
    const [row] = rowsOf<{ ids: number[]; pid: number }>(
      await handle.db.execute(
        sql`select array_agg(id order by id) as ids, pg_backend_pid() as pid, pg_sleep(0.002) from colleges`,
      ),
    );
    return { college, ids: row!.ids, pid: row!.pid };
  });

it('runs every college’s walled work on the pool’s connections, each statement seeing its own college only', async () => {
  expect(colleges).toHaveLength(12);
  // Twelve colleges at once, five statements each: per-scope pools opened a connection per
  // college at work (twelve and more); the shared pool holds two.
  const answers = await Promise.all(
    colleges.flatMap((college) => Array.from({ length: 5 }, () => seen(college))),
  );
  for (const answer of answers) expect(answer.ids).toEqual([answer.college]);
  expect(new Set(answers.map((a) => a.pid)).size).toBeLessThanOrEqual(2);
  const walled = await owner<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
  // The two walled connections and the unwalled pool's (none opened yet: nothing unwalled ran).
  expect(walled[0]!.n).toBeLessThanOrEqual(2);
});

it('keeps a transaction on one connection in its college while other colleges’ work goes on', async () => {
  const [first, second] = [colleges[0]!, colleges[5]!];
  const inTransaction = withinColleges([first], () =>
    handle.db.transaction(async (tx) => {
      const before = rowsOf<{ ids: number[] }>(
        await tx.execute(sql`select array_agg(id) as ids from colleges`),
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      const after = rowsOf<{ ids: number[]; scope: string }>(
        await tx.execute(
          sql`select array_agg(id) as ids, current_setting('app.college_ids') as scope from colleges`,
        ),
      );
      return [before[0]!.ids, after[0]!.ids, after[0]!.scope];
    }),
  );
  const others = await Promise.all(Array.from({ length: 6 }, () => seen(second)));
  expect(await inTransaction).toEqual([[first], [first], String(first)]);
  for (const other of others) expect(other.ids).toEqual([second]);
});

it('sets the college again on a connection the server closed, and never answers with another college’s rows', async () => {
  const before = await Promise.all([seen(colleges[1]!), seen(colleges[2]!)]);
  await owner`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = ${name} and pid = any(${before.map((b) => b.pid)})`;
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const college of [colleges[2]!, colleges[1]!, colleges[3]!]) {
    const after = await seen(college);
    expect(after.ids).toEqual([college]);
    expect(before.map((b) => b.pid)).not.toContain(after.pid);
  }
});

it('lends a statement made inside a transaction through the database a connection of its own when every one is held', async () => {
  // Both connections of the pool hold a transaction, and each transaction asks the database (not
  // itself) for another statement: waiting for a free connection, neither would ever end.
  const nested = (college: number) =>
    withinColleges([college], () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.02)`);
        return (await seen(college)).ids;
      }),
    );
  const answers = await Promise.race([
    Promise.all([nested(colleges[6]!), nested(colleges[7]!)]),
    new Promise((resolve) => setTimeout(() => resolve('stuck'), 5000)),
  ]);
  expect(answers).toEqual([[colleges[6]], [colleges[7]]]);
});
