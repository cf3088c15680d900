import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * On a PostgreSQL server every statement is a named, prepared one, planned once per connection,
 * including a statement without parameters (postgres-js would send it by the simple protocol,
 * planned on every call). The postgres project only (vitest.config.ts): the embedded database
 * prepares its statements itself (pglite-prepared.test.ts).
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ driver: 'postgres', url: inject('postgresUrl'), poolSize: 1 });
});
afterAll(() => handle?.close());

const prepared = async (text: string) =>
  rowsOf<{ n: number }>(
    await handle.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
    ),
  )[0]!.n;

it('prepares a statement without parameters once on its connection, and answers it as before', async () => {
  const text = `select 'statement without parameters' as probe`;
  expect(await prepared(text)).toBe(0);
  for (let i = 0; i < 3; i++) {
    expect(rowsOf<{ probe: string }>(await handle.db.execute(sql.raw(text)))).toEqual([
      { probe: 'statement without parameters' },
    ]);
  }
  expect(await prepared(text)).toBe(1);
});
