import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL whose server binaries are installed the Debian way, or undefined. */
function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((v) => path.join(root, v, 'bin'))
    .find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(dir, b))));
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user instead. */
async function serverUser(): Promise<{ uid: number; gid: number; prefix: string[] } | null | undefined> {
  if (process.getuid?.() !== 0) return null;
  if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return undefined;
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()), prefix: ['runuser', '-u', 'postgres', '--'] };
  } catch {
    return undefined;
  }
}

/** Why a private PostgreSQL server cannot be started here, or null when it can. */
export async function ownPostgresUnavailable(): Promise<string | null> {
  if (!findBinDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if ((await serverUser()) === undefined) {
    return 'running as root, and there is no runuser or no postgres user to run PostgreSQL as';
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, so a test may stop
 * and restart it without disturbing the machine's shared server that other test files use.
 */
export async function startOwnPostgres() {
  const bin = findBinDir();
  const user = await serverUser();
  if (!bin || user === undefined) throw new Error((await ownPostgresUnavailable()) ?? 'unavailable');
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-own-pg-'));
  const dataDir = path.join(root, 'data');
  await fs.mkdir(dataDir);
  if (user) {
    await fs.chown(root, user.uid, user.gid);
    await fs.chown(dataDir, user.uid, user.gid);
  }
  const port = await freePort();
  const as = (command: string, args: string[]) =>
    user ? run(user.prefix[0]!, [...user.prefix.slice(1), command, ...args]) : run(command, args);
  const pgCtl = (...args: string[]) => as(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);

  await as(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  // Sockets go in the test's own folder; TCP on loopback only.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`;
  const start = () => pgCtl('start', '-w', '-t', '30', '-l', path.join(root, 'server.log'), '-o', options);
  await start();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server: `fast` ends sessions cleanly, `immediate` kills them as a crash would. */
    stop: (mode: 'fast' | 'immediate') => pgCtl('stop', '-w', '-m', mode),
    /** Starts it again and resolves once it accepts connections. */
    start,
    async destroy() {
      await pgCtl('stop', '-w', '-m', 'immediate').catch(() => {});
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
