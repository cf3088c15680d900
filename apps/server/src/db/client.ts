import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withPreparedStatements } from './pglite-prepared.ts';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema.ts';
import { currentScopeKey, WALLED_ROLE } from './college-scope.ts';
import { createWalledPool } from './walled-pool.ts';

/** One type for both drivers: services and repos never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseSource =
  | {
      driver: 'pglite';
      dataDir?: string;
      snapshot?: Blob;
      /** The caller holds dataDir's lock already (`lockDataDir`) and releases it itself. */
      lockHeld?: boolean;
    }
  | { driver: 'postgres'; url: string; /** Connections at most (default 10). */ poolSize?: number };

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseSource['driver'];
  /** The embedded instance, when there is one (tests dump it as a snapshot). */
  pglite?: PGlite;
  /**
   * A database on one connection of its own, for work that holds a session-level lock (the
   * migrations' advisory lock must be taken and released on the connection that runs them; a
   * pooled query may go to any connection). The embedded database has one connection anyway.
   */
  dedicated(): Promise<{ db: Database; close(): Promise<void> }>;
  /** LISTENs on a channel (see `Listen`). */
  listen: Listen;
  close(): Promise<void>;
};

/**
 * LISTENs on `channel`: `onPayload` gets each NOTIFY's payload once its transaction commits.
 * `onListening` is called each time the listen is (re)established: on PostgreSQL a dedicated
 * connection listens, and postgres-js reconnects it after a drop, during which notifications were
 * lost, so the caller catches up from the table then. Resolves to the function that stops it.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onListening?: () => void,
) => Promise<() => Promise<void>>;

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.driver === 'postgres') {
    const options = {
      max: source.poolSize ?? 10,
      onnotice: () => {},
      // While the server is away, a query handed to a closed connection waits out the backoff
      // before it even tries: postgres-js's default grows to 20 s, so requests hung that long and
      // the pool took as long to notice the server was back. Capped at 1 s (with jitter), a
      // request gets its 503 within about a second and the pool is back within one of the server.
      backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1),
      // A server that does not answer at all (a dead host, a failover under way) fails the attempt
      // after 10 s instead of the default 30, so a request is not held longer than a user waits.
      connect_timeout: 10,
    };
    const client = postgres(source.url, options);
    const unwalledDb = drizzlePostgres(alwaysPrepared(client), { schema }) as unknown as Database;
    // Walled work (db/college-scope.ts) runs on connections of its own, shared by every college's
    // scope (db/walled-pool.ts): each holds one college's scope at a time, so the connections an
    // instance opens do not grow with the colleges at work.
    const walledPool = createWalledPool(
      source.url,
      { ...options, idle_timeout: 60 },
      {
        role: WALLED_ROLE,
        size: source.poolSize ?? 10,
        // Drizzle's driver sets its parsers on the client it is given; the connections need them.
        prepareClient: (c) => void drizzlePostgres(c),
      },
    );
    const walled = new Map<string, Database>();
    const dbOf = (key: string): Database => {
      if (!key) return unwalledDb;
      let scoped = walled.get(key);
      if (!scoped) {
        scoped = drizzlePostgres(alwaysPrepared(walledPool.clientOf(key)), { schema });
        walled.set(key, scoped);
      }
      return scoped;
    };
    const db = scopedDatabase(unwalledDb, dbOf);
    return {
      db,
      driver: 'postgres',
      dedicated: async () => {
        const single = postgres(source.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
        return {
          db: drizzlePostgres(single, { schema }) as unknown as Database,
          close: () => single.end({ timeout: 5 }),
        };
      },
      listen: async (channel, onPayload, onListening) => {
        // postgres-js opens a connection of its own for LISTEN (outside the pool's `max`).
        const listening = await client.listen(channel, onPayload, onListening);
        return () => listening.unlisten();
      },
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), walledPool.end({ timeout: 5 })]);
      },
    };
  }
  const unlock = source.dataDir && !source.lockHeld ? await lockDataDir(source.dataDir) : async () => {};
  const pglite = await PGlite.create({
    dataDir: source.dataDir,
    loadDataDir: source.snapshot,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client: withPreparedStatements(pglite), schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    pglite,
    dedicated: async () => ({ db, close: async () => {} }),
    listen: async (channel, onPayload, onListening) => {
      const unlisten = await pglite.listen(channel, onPayload);
      onListening?.();
      return () => unlisten();
    },
    close: async () => {
      await pglite.close();
      await unlock();
    },
  };
}

/**
 * The database services hold: each use goes to the database of the work's scope. A query builder
 * is bound when it is made (`db.select()`), so one made inside a request runs in its scope, and a
 * statement prepared once at start-up (`.prepare()`) runs unwalled.
 */
function scopedDatabase(unwalled: Database, dbOf: (key: string) => Database): Database {
  return new Proxy(unwalled, {
    get(_target, key) {
      const db = dbOf(currentScopeKey());
      const value: unknown = Reflect.get(db, key, db);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}

/**
 * Drizzle sends every query it did not `.prepare()` as an unnamed statement, which PostgreSQL
 * parses and plans again on every call; the staff search spent ten times longer planning than
 * running. Named (prepared) statements are planned once per connection and kept by postgres-js
 * until the connection is recycled (`max_lifetime`, 30 to 60 minutes), which bounds the cache: our
 * query texts are a fixed set apart from `IN` lists, which the page sizes bound.
 *
 * A statement without parameters too: postgres-js sends one by the simple protocol unless told
 * otherwise, planned on every call whatever `prepare` says; the staff home's counts (three
 * subqueries under the walls) spent 2.6 ms of PostgreSQL a call that way, and the count of a
 * college's changes 0.9 ms. Migrations, the one place that sends several statements in one
 * string, run on a connection of their own (`dedicated`, db/migrate.ts).
 */
function alwaysPrepared(client: postgres.Sql): postgres.Sql {
  const unsafe = client.unsafe.bind(client);
  return Object.assign(client, {
    unsafe: ((query, params, options) => {
      // postgres-js reads `simple` from these options (its src/index.js); its types do not name it.
      const prepared: postgres.UnsafeQueryOptions & { simple?: boolean } = {
        simple: false,
        ...options,
        prepare: true,
      };
      return unsafe(query, params, prepared);
    }) as postgres.Sql['unsafe'],
  });
}

/** The file in DATA_DIR that names the process holding the embedded database. */
export const LOCK_FILE = 'portal.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  /** The process holding the folder, when it is known. */
  readonly pid: number | undefined;
  constructor(message: string, pid?: number) {
    super(message);
    this.pid = pid;
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database belongs to one process at a time: a second server (or a seed run while the
 * server is up) would corrupt it. A lock file with the owner's pid keeps the second one out; a lock
 * left by a process that is gone (a crash) is taken over. Resolves to the function that unlocks it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner}). ` +
            'Stop that server (or seed run) first, or set DATA_DIR to another folder.',
          owner,
        );
      }
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}: another process keeps taking it.`);
}
