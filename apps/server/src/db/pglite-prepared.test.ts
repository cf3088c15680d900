import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLED_ROLE, withinColleges } from './college-scope.ts';
import { withPreparedStatements } from './pglite-prepared.ts';

let raw: PGlite;
let db: PGlite;

beforeAll(async () => {
  raw = await PGlite.create();
  db = withPreparedStatements(raw);
  await raw.exec(`
    create table people (
      id uuid primary key, name text unique not null, born timestamptz, tags text[] not null default '{}',
      score numeric, extra jsonb
    )`);
}, 60_000);
afterAll(async () => raw.close());

const preparedCount = async () =>
  (await raw.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n;

const ids = ['3f1e8a52-4a2b-4d7e-9c1a-0b6f2e4d5a11', '7c2d9b14-8e3f-4a6b-b5d2-1e9f0a3c7b22'];

describe('the embedded database with prepared statements', () => {
  it('answers as query() does, parsing each text once', async () => {
    const insert = 'insert into people (id, name, born, tags, score, extra) values ($1, $2, $3, $4, $5, $6)';
    await db.query(insert, [ids[0], 'Asha', new Date('2026-01-02T03:04:05Z'), ['a', 'b'], 7.5, { k: 1 }]);
    await db.query(insert, [ids[1], 'Ravi', null, [], null, null]);
    const before = await preparedCount();
    const select = 'select id, name, born, tags, score, extra from people where name = any($1) order by name';
    const viaPrepared = await db.query(select, [['Asha', 'Ravi']]);
    const viaQuery = await raw.query(select, [['Asha', 'Ravi']]);
    expect(viaPrepared.rows).toEqual(viaQuery.rows);
    expect(viaPrepared.fields).toEqual(viaQuery.fields);
    expect(viaPrepared.rows[0]).toMatchObject({ name: 'Asha', tags: ['a', 'b'], extra: { k: 1 } });
    await db.query(select, [['Asha']]);
    await db.query(select, [['Ravi']]);
    // The select was parsed once: one statement more, whatever the number of calls.
    expect(await preparedCount()).toBe(before + 1);
    // Drizzle's row mode and parsers still apply.
    const asArrays = await db.query(select, [['Ravi']], { rowMode: 'array', parsers: { 1184: (v) => v } });
    expect(asArrays.rows).toEqual([[ids[1], 'Ravi', null, [], null, null]]);
    const update = await db.query('update people set score = $1 where id = $2', [9, ids[1]]);
    expect(update.affectedRows).toBe(1);
  });

  it("fails with PostgreSQL's own error and code, and the next query works", async () => {
    const insert = 'insert into people (id, name) values ($1, $2)';
    await expect(db.query(insert, ['0f0e0d0c-0b0a-4909-8807-060504030201', 'Asha'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'people_name_key',
    });
    await expect(db.query('select * from people where id = $1', ['not-a-uuid'])).rejects.toMatchObject({
      code: '22P02',
    });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from people');
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('keeps a query outside a transaction out of it: it waits, and is not rolled back with it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db
      .transaction(async (tx) => {
        await tx.query('insert into people (id, name) values ($1, $2)', [
          'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
          'Temporary',
        ]);
        await held;
        order.push('transaction done');
        throw new Error('roll back');
      })
      .catch(() => order.push('rolled back'));
    const outside = db.query<{ n: number }>('select count(*)::int as n from people').then((result) => {
      order.push('outside answered');
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 2 }]);
    expect(order).toEqual(['transaction done', 'rolled back', 'outside answered']);
  });

  it('commits what a transaction wrote through its prepared statements, and rolls back a failed one', async () => {
    const insert = 'insert into people (id, name) values ($1, $2)';
    await db.transaction(async (tx) => {
      await tx.query(insert, ['11111111-2222-4333-8444-555555555555', 'Meera']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['66666666-7777-4888-8999-000000000000', 'Kiran']);
        await tx.query(insert, ['66666666-7777-4888-8999-000000000001', 'Meera']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ name: string }>('select name from people order by name');
    expect(rows.map((r) => r.name)).toEqual(['Asha', 'Meera', 'Ravi']);
  });

  it('answers a prepared text again after its table changed under it', async () => {
    const select = 'select * from people where name = $1';
    expect((await db.query(select, ['Asha'])).rows).toHaveLength(1);
    await raw.exec('alter table people add column nickname text');
    const { rows } = await db.query<{ nickname: string | null }>(select, ['Asha']);
    expect(rows).toEqual([expect.objectContaining({ name: 'Asha', nickname: null })]);
  });

  it('runs a walled text in its scope, again after its table changed under it', async () => {
    await raw.exec(`
      create role ${WALLED_ROLE};
      create table walled (college int not null, name text not null);
      insert into walled values (1, 'one'), (2, 'two');
      alter table walled enable row level security;
      create policy wall on walled to ${WALLED_ROLE}
        using (college = any (string_to_array(nullif(current_setting('app.college_ids', true), ''), ',')::int[]));
      grant select on walled to ${WALLED_ROLE}`);
    const select = 'select * from walled order by name';
    const names = async (colleges?: number[]) =>
      (colleges
        ? await withinColleges(colleges, () => db.query<{ name: string }>(select))
        : await db.query<{ name: string }>(select)
      ).rows.map((r) => r.name);
    // Each call changes the scope in the same call as its statement.
    expect(await names([2])).toEqual(['two']);
    expect(await names()).toEqual(['one', 'two']);
    expect(await names([1])).toEqual(['one']);
    // The statement fails on its changed table with the change of scope, and is run again
    // unprepared: in its scope still.
    // (As the tables' owner: the wrapper left the one connection in the walled role.)
    await raw.exec('reset role; alter table walled add column note text');
    expect(await names([2])).toEqual(['two']);
    expect(await names()).toEqual(['one', 'two']);
  });

  it('keeps the statements used last, up to its limit, and closes the others', async () => {
    const small = withPreparedStatements(raw, { maxStatements: 2 });
    const before = await preparedCount();
    const texts = [
      'select 1 as n where $1::int > 0',
      'select 2 as n where $1::int > 0',
      'select 3 as n where $1::int > 0',
    ];
    await small.query(texts[0]!, [1]);
    await small.query(texts[1]!, [1]);
    await small.query(texts[0]!, [1]); // used again: the second is now the oldest
    await small.query(texts[2]!, [1]);
    expect(await preparedCount()).toBe(before + 2);
    const kept = await raw.query<{ statement: string }>(
      `select statement from pg_prepared_statements where statement like 'select % as n where%' order by statement`,
    );
    expect(kept.rows.map((r) => r.statement)).toEqual([texts[0], texts[2]]);
    expect((await small.query<{ n: number }>(texts[1]!, [1])).rows).toEqual([{ n: 2 }]);
  });
});
