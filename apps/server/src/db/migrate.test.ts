import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { migrateDatabase, shippedMigrations } from './migrate.ts';

async function recorded(handle: DatabaseHandle) {
  const result: unknown = await handle.db.execute(
    'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    applied: number;
    distinct: number;
  }[];
  return rows[0];
}

it('applies each migration once when several servers start on an empty database at the same moment', async () => {
  const shipped = shippedMigrations();
  if (inject('dbDriver') === 'pglite') {
    // One process at a time holds the embedded database: a second start finds nothing to apply.
    const handle = await openDatabase({ driver: 'pglite' });
    try {
      await migrateDatabase(handle);
      await migrateDatabase(handle);
      expect(await recorded(handle)).toEqual({ applied: shipped, distinct: shipped });
    } finally {
      await handle.close();
    }
    return;
  }
  const server = inject('postgresUrl');
  const name = `portal_migrate_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const handles: DatabaseHandle[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      handles.push(await openDatabase({ driver: 'postgres', url: withDatabase(server, name), poolSize: 3 }));
    }
    await Promise.all(handles.map((handle) => migrateDatabase(handle)));
    expect(await recorded(handles[0]!)).toEqual({ applied: shipped, distinct: shipped });
    // Every lock was released on the connection that took it: none is left behind.
    const locks: unknown = await handles[0]!.db.execute(
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
       where l.locktype = 'advisory' and d.datname = current_database()`,
    );
    expect((locks as { n: number }[])[0]?.n).toBe(0);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}, 120_000);
