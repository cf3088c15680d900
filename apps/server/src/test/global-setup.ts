import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbDriver: 'pglite' | 'postgres';
    postgresUrl: string;
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run and hands it out as a template: a cold embedded database takes
 * seconds to start, a snapshot well under one, and `CREATE DATABASE ... TEMPLATE` is as quick.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'postgres') {
    const url = project.config.provide.postgresUrl;
    if (!url) throw new Error('the postgres project needs postgresUrl');
    const template = `portal_test_template_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({ driver: 'postgres', url: withDatabase(url, template) });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const handle = await openDatabase({ driver: 'pglite' });
  await migrateDatabase(handle);
  const snapshot = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-')), 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rm(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
