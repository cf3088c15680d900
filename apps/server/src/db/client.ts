import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema.ts';

/** One type for both drivers: services and repos never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseSource =
  { driver: 'pglite'; dataDir?: string; snapshot?: Blob } | { driver: 'postgres'; url: string };

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseSource['driver'];
  /** The embedded instance, when there is one (tests dump it as a snapshot). */
  pglite?: PGlite;
  close(): Promise<void>;
};

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.driver === 'postgres') {
    const client = postgres(source.url, { max: 10, onnotice: () => {} });
    return {
      db: drizzlePostgres(client, { schema }) as unknown as Database,
      driver: 'postgres',
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (source.dataDir) await fs.mkdir(source.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: source.dataDir,
    loadDataDir: source.snapshot,
    extensions: { pg_trgm },
  });
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Database,
    driver: 'pglite',
    pglite,
    close: () => pglite.close(),
  };
}
