import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createClock } from '../lib/clock.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh database for one test file: loaded from the migrated snapshot, or copied from the template. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (inject('dbDriver') === 'pglite') {
    const snapshot = new Blob([await fs.readFile(inject('pgliteSnapshot'))]);
    return { handle: await openDatabase({ driver: 'pglite', snapshot }), drop: async () => {} };
  }
  const url = inject('postgresUrl');
  const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const handle = await openDatabase({ driver: 'postgres', url: withDatabase(url, name) });
  return {
    handle,
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `portal-test-data-${randomUUID()}`),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    STAFF_SIGNUP_CODE: 'test-staff-code',
    // The suite changes rows behind the app's back, as another process would, and asks again at
    // once: the recent copy of sessions would answer until the database's news arrived, a moment
    // later. Its own tests (modules/auth/session-cache.routes.test.ts) turn it on.
    SESSION_CACHE_SECONDS: '0',
  }),
  // The least argon2id work: a test signs up and signs in thousands of accounts, and at OWASP's
  // cost (about 60-130 ms of CPU a hash here) that was most of the suite's time. Still argon2id.
  passwordHashing: { memoryCost: 1024, timeCost: 1 },
  ...overrides,
});

/**
 * A fresh app on a fresh database; `logStream` receives the server's log lines when a test reads
 * them; `now` sets the time of the app's clock (its day is read in the config's TIME_ZONE).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  {
    logStream,
    now,
    live,
    workers,
  }: {
    logStream?: NodeJS.WritableStream;
    now?: () => Date;
    live?: { heartbeatMs?: number; sessionCheckMs?: number };
    /** False: the app's workers stay stopped, so a test's own sender is the only one claiming email. */
    workers?: boolean;
  } = {},
) {
  const { handle, drop } = await freshDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(config, handle.db, {
    logger: logStream ? { level: 'info', stream: logStream } : false,
    ...(now && { now }),
    listen: handle.listen,
    ...(live && { live }),
    ...(workers === false && { workers }),
  });
  return {
    app,
    db: handle.db,
    /** The database's LISTEN, as the app's. */
    listen: handle.listen,
    /** The database on a connection of its own (PostgreSQL), as another process would reach it. */
    dedicated: () => handle.dedicated(),
    config,
    /** The app's clock: services built beside the app (the test world's) live on the same time. */
    clock: createClock(config.timeZone, now),
    async close() {
      await app.close();
      await handle.close();
      await drop();
      if (config.storage.driver === 'disk') await fs.rm(config.storage.dir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
