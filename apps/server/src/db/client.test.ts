import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from './client.ts';

let dir = '';
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('refuses a second opener while the first holds it, and opens again once it is closed', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-lock-'));
    const first = await openDatabase({ driver: 'pglite', dataDir: dir });
    // Another process holds it: pretend the lock is our parent's (alive, not us).
    await fs.writeFile(path.join(dir, 'portal.lock'), String(process.ppid));
    await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ driver: 'pglite', dataDir: dir })).rejects.toThrow(
      /in use by another process/,
    );
    await fs.writeFile(path.join(dir, 'portal.lock'), String(process.pid));
    await first.close();
    await expect(fs.access(path.join(dir, 'portal.lock'))).rejects.toThrow();
    const again = await openDatabase({ driver: 'pglite', dataDir: dir });
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that is gone, and keeps committed rows across a restart', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-lock-'));
    await fs.writeFile(path.join(dir, 'portal.lock'), '999999999');
    const db = await openDatabase({ driver: 'pglite', dataDir: dir });
    await db.pglite!.exec(`create table kept (v text); insert into kept values ('committed')`);
    await db.close();
    const reopened = await openDatabase({ driver: 'pglite', dataDir: dir });
    const { rows } = await reopened.pglite!.query<{ v: string }>('select v from kept');
    expect(rows).toEqual([{ v: 'committed' }]);
    await reopened.close();
  }, 60_000);
});
