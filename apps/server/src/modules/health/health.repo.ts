import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export function createHealthRepo(db: Database) {
  return {
    /** How many migrations the database records as applied (Drizzle's own table). */
    async appliedMigrations(): Promise<number> {
      const result: unknown = await db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      // postgres-js answers with the rows themselves, PGlite with { rows }.
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
      return Number(rows[0]?.n ?? 0);
    },
  };
}
export type HealthRepo = ReturnType<typeof createHealthRepo>;
