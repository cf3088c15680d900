import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';

/** Parameter values written as SQL literals, for EXPLAIN EXECUTE (test input only, never user input). */
function literals(params: unknown[]): string {
  return params
    .map((value) =>
      typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : `'${String(value).replaceAll("'", "''")}'`,
    )
    .join(', ');
}

/**
 * The plan of a query as the app runs it (a prepared statement with bound parameters, generic
 * plan), to prove an index can serve it. Sequential scans are discouraged so a tiny test table
 * still shows the index. `query` is a Drizzle query, not awaited, so it is not run.
 */
export async function explainGeneric(
  db: Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<string> {
  const { sql: text, params } = query.toSQL();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare explained as ${text}`));
    const plan = rowsOf<Record<string, string>>(
      await tx.execute(sql.raw(`explain execute explained(${literals(params)})`)),
    );
    await tx.execute(sql.raw('deallocate explained'));
    return plan.map((row) => Object.values(row)[0]).join('\n');
  });
}
