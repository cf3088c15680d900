import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { maintainEmbeddedDatabase, maintenancePlan } from './embedded-maintenance.ts';

describe('maintenancePlan (autovacuum’s default thresholds)', () => {
  it('vacuums past 50 + 20 % dead rows, analyzes past 50 + 10 % changes, else leaves the table', () => {
    expect(
      maintenancePlan([
        { relname: 'bloated', liveRows: 1000, deadRows: 251, changedSinceAnalyze: 0 },
        { relname: 'changed', liveRows: 1000, deadRows: 250, changedSinceAnalyze: 151 },
        { relname: 'quiet', liveRows: 1000, deadRows: 250, changedSinceAnalyze: 150 },
        { relname: 'new', liveRows: 0, deadRows: 0, changedSinceAnalyze: 51 },
      ]),
    ).toEqual([
      { table: 'bloated', action: 'vacuum-analyze' },
      { table: 'changed', action: 'analyze' },
      { table: 'new', action: 'analyze' },
    ]);
  });
});

describe('maintainEmbeddedDatabase', () => {
  const pglite = new PGlite();
  afterAll(() => pglite.close());

  const stats = async () =>
    (
      await pglite.query<{ last_vacuum: Date | null; last_analyze: Date | null; n_dead_tup: number }>(
        `select last_vacuum, last_analyze, n_dead_tup::int from pg_stat_user_tables where relname = 'entries'`,
      )
    ).rows[0]!;

  it('vacuums and analyzes a table its changes left behind, once, and gives the planner its size', async () => {
    await pglite.exec(`create table entries (id int primary key, note text)`);
    await pglite.exec(`insert into entries select g, 'n' from generate_series(1, 5000) g`);
    await pglite.exec(`update entries set note = 'changed' where id <= 3000`);
    // PostgreSQL publishes a backend's counters at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await pglite.query('select 1');
    expect((await stats()).n_dead_tup).toBeGreaterThan(1000);

    expect(await maintainEmbeddedDatabase(pglite)).toContainEqual({
      table: 'entries',
      action: 'vacuum-analyze',
    });
    const after = await stats();
    expect(after.last_vacuum).not.toBeNull();
    expect(after.last_analyze).not.toBeNull();
    const estimate = await pglite.query<{ reltuples: number }>(
      `select reltuples::int as reltuples from pg_class where relname = 'entries'`,
    );
    expect(estimate.rows[0]!.reltuples).toBe(5000);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await pglite.query('select 1');
    expect(await maintainEmbeddedDatabase(pglite)).not.toContainEqual(
      expect.objectContaining({ table: 'entries' }),
    );
  }, 60_000);
});
