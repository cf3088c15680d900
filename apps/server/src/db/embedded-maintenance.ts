import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's autovacuum for the embedded database, which has none: PGlite runs PostgreSQL in one
 * process without its background workers, so nothing ever analyzed or vacuumed a table. Without
 * statistics the planner guessed every range at 0.5 % of a table (the staff search planned "a",
 * 47,501 students, as 500); without vacuum, every update leaves its old row version behind for
 * good. This pass does what autovacuum would, with its default thresholds, from the same counters
 * (`pg_stat_user_tables`): VACUUM (ANALYZE) a table once its dead rows pass 50 + 20 % of its live
 * ones, ANALYZE it once its changes since the last analysis pass 50 + 10 %.
 *
 * PGlite has one connection: while a table is vacuumed, requests wait (about a second for the
 * largest table at 100,000 students). The server runs the pass (the database-maintenance worker of
 * workers.ts) a minute after it starts and then ten minutes after each pass, so the wait comes
 * rarely and only after a table changed a good deal.
 */

type TableStats = { relname: string; liveRows: number; deadRows: number; changedSinceAnalyze: number };

export type MaintenanceResult = { table: string; action: 'vacuum-analyze' | 'analyze' }[];

/** What autovacuum's default thresholds would do to each table now. */
export function maintenancePlan(tables: TableStats[]): MaintenanceResult {
  return tables.flatMap((t): MaintenanceResult => {
    if (t.deadRows > 50 + 0.2 * t.liveRows) return [{ table: t.relname, action: 'vacuum-analyze' }];
    if (t.changedSinceAnalyze > 50 + 0.1 * t.liveRows) return [{ table: t.relname, action: 'analyze' }];
    return [];
  });
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One pass over every table of the embedded database; resolves to what it did. */
export async function maintainEmbeddedDatabase(pglite: PGlite): Promise<MaintenanceResult> {
  const { rows } = await pglite.query<TableStats>(`
    select relname, n_live_tup::float8 as "liveRows", n_dead_tup::float8 as "deadRows",
           n_mod_since_analyze::float8 as "changedSinceAnalyze"
    from pg_stat_user_tables where schemaname = 'public'`);
  const plan = maintenancePlan(rows);
  for (const { table, action } of plan) {
    await pglite.exec(`${action === 'vacuum-analyze' ? 'vacuum (analyze)' : 'analyze'} ${quoted(table)}`);
  }
  return plan;
}
