import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { serverRoot } from '../server-root.ts';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** How many migrations this build ships: the entries of drizzle-kit's journal. */
export function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** An arbitrary constant: several servers starting at once take turns at migrating. */
const MIGRATION_LOCK = 4_242_001;

/** Applies the committed migrations; the same SQL runs on the embedded database and on PostgreSQL. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // The lock belongs to the connection that took it: lock, migrate and unlock on one connection.
  const session = await handle.dedicated();
  try {
    await session.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePostgres(session.db as unknown as PostgresJsDatabase, { migrationsFolder });
    } finally {
      await session.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await session.close();
  }
}
