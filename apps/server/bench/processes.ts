/**
 * What the bench and load scripts share: a seeded database to run against (made once and kept, or
 * thrown away), the portal server and the bare yardstick each in a process of their own, and the
 * sign-in of a demo account. Measuring a server from inside its own process halves what it can do
 * (autocannon takes one of the two cores), so every server here is a child process.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { demoAccounts, seedDemoAccounts } from '../src/db/demo-accounts.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { createCollegesRepo } from '../src/modules/colleges/colleges.repo.ts';
import { loadSampleData, settleTables } from '../src/db/sample-data.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Target = { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string };

/**
 * Migrates the database and, when it has no sample data yet, loads the demo accounts and sample
 * data for `students` students. A database seeded once serves every later run.
 */
/**
 * Seeds the sample data the first time: `students` spread over `colleges` colleges (the first and
 * `college-2` … `college-N`, as `npm run seed -- --colleges N` makes them).
 */
export async function ensureSeeded(target: Target, students: number, colleges = 1): Promise<void> {
  const handle = await openDatabase(target);
  try {
    await migrateDatabase(handle);
    const config = loadConfig({
      DATA_DIR: target.driver === 'pglite' ? target.dataDir : '/tmp',
      LOG_LEVEL: 'silent',
    });
    await seedDemoAccounts(config, handle.db);
    const probe = await fetchCount(handle.db);
    if (probe > 1) {
      console.log(`Using the seeded database (${probe.toLocaleString('en-IN')} students)`);
      // Earlier runs left rows behind (sessions, applications) that autovacuum would have tidied.
      await settleTables(handle.db);
      return;
    }
    const started = Date.now();
    const collegesRepo = createCollegesRepo(handle.db);
    for (let n = 2; n <= colleges; n++) {
      if (!(await collegesRepo.findBySlug(`college-${n}`))) {
        await collegesRepo.create({ slug: `college-${n}`, name: `Sample College ${n}` });
      }
    }
    const collegeIds = (await collegesRepo.list()).map((c) => c.id).slice(0, colleges);
    console.log(
      `Loading ${students.toLocaleString('en-IN')} sample students in ${collegeIds.length} college(s)…`,
    );
    await loadSampleData(handle.db, { students, colleges: collegeIds });
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await handle.close();
  }
}

async function fetchCount(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number> {
  // PGlite answers { rows }, postgres-js the rows themselves.
  const result: unknown = await db.execute('select count(*)::int as n from students');
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return rows[0]?.n ?? 0;
}

/** A fresh database on a PostgreSQL server, dropped by the returned function. */
export async function throwAwayPostgres(
  serverUrl: string,
  prefix = 'portal_bench',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export type RunningServer = {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** The portal's: from spawning the process to its first answer (polled every 50 ms). */
  startedInMs?: number;
};

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

const stopper = (child: ChildProcess) => async () => {
  if (exited(child)) return;
  child.kill('SIGTERM');
  await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (!exited(child)) child.kill('SIGKILL');
};

/**
 * The portal's own server, as `npm start` runs it (the compiled `dist/server.js`, built first when
 * its sources changed), on the target, listening on a free port; `nodeFlags` go to node (for
 * example `--cpu-prof`). Sign-ins are not rate-limited: the bench signs in from one address.
 */
export async function startPortal(
  target: Target,
  options: {
    nodeFlags?: string[];
    env?: Record<string, string>;
    /** A port of its own choosing (an instance restarted where the proxy expects it). */
    port?: number;
    /** `false` when the caller has built already (several instances starting at one moment). */
    build?: boolean;
    /** What /path to wait for before returning (default /health). */
    waitFor?: string;
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    SIGNIN_FAILURES_PER_ACCOUNT: '100000',
    ...(target.driver === 'pglite' ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.url }),
    ...options.env,
  };
  if (target.driver === 'pglite') delete env.DATABASE_URL;
  if (options.build !== false) buildIfStale();
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...(options.nodeFlags ?? []), 'dist/server.js'],
    {
      cwd: serverDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${options.waitFor ?? '/health'}`, child, 120);
  return { base, child, stop: stopper(child), startedInMs: performance.now() - spawnedAt };
}

/** `npm run build` when the server's or web app's sources changed since the last build. */
export function buildIfStale(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: path.resolve(serverDir, '../..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** The round-robin proxy of `cluster/proxy.ts` in front of `upstreams`, in its own process. */
export async function startProxyProcess(upstreams: string[]): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'cluster/proxy-cli.ts', String(await freePort()), ...upstreams],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('the proxy has no output to read its address from');
  const chunks: unknown[] = await once(stdout, 'data');
  // It prints its address once it listens.
  const base = String(chunks[0]).trim();
  return { base, child, stop: stopper(child) };
}

/** The bare Fastify route of `bare.ts` in its own process. */
export async function startBare(): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stdout = child.stdout;
  if (!stdout) throw new Error('the bare server has no output to read its port from');
  const chunks: unknown[] = await once(stdout, 'data');
  const base = `http://127.0.0.1:${String(chunks[0]).trim()}`;
  await waitFor(base, child, 30);
  return { base, child, stop: stopper(child) };
}

/** Signs in as the demo account of `role`, or as `as` (a sample account); answers the session cookie. */
export async function signIn(
  base: string,
  role: keyof typeof demoAccounts,
  as: { emailID: string; password: string } = demoAccounts[role],
): Promise<string> {
  const response = await fetch(`${base}/api/${role}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(as),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie)
    throw new Error(`could not sign in as ${as.emailID}: ${await response.text()}`);
  return cookie;
}

export async function removeDir(dir: string) {
  await fs.rm(dir, { recursive: true, force: true });
}
