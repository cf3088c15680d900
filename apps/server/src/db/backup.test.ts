import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { create, list } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServices } from '../services.ts';
import { testConfig } from '../test/test-app.ts';
import { createCollegesRepo } from '../modules/colleges/colleges.repo.ts';
import { createCollegesService } from '../modules/colleges/colleges.service.ts';
import { backupDataDir, backupMessages, describeManifest, MANIFEST_FILE, restoreDataDir } from './backup.ts';
import { type DatabaseHandle, LOCK_FILE, openDatabase } from './client.ts';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { migrateDatabase, shippedMigrations } from './migrate.ts';
import { accounts, students } from './schema.ts';

/** Rows in every table of the public schema, counted here rather than by the code under test. */
async function rowCounts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const pglite = handle.pglite!;
  const { rows } = await pglite.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const result = await pglite.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    counts[name] = result.rows[0]!.n;
  }
  return counts;
}

async function resumeOfDemoStudent(handle: DatabaseHandle): Promise<string> {
  const [row] = await handle.db
    .select({ resume: students.resume })
    .from(students)
    .innerJoin(accounts, eq(accounts.id, students.accountId))
    .where(eq(accounts.email, demoAccounts.student.emailID));
  return row!.resume;
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

let root = '';
let source = '';
let backup = '';
let sourceCounts: Record<string, number> = {};
let resumeKey = '';
let resumeHash = '';

// The backup is of the embedded database: vitest.config.ts leaves this file out of the postgres project.
describe('backup and restore of the embedded database', () => {
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-test-'));
    source = path.join(root, 'source');
    backup = path.join(root, 'backups', 'portal.tar.gz');
    // A DATA_DIR as the server leaves it: migrated, the demo accounts signed up through the real
    // services, and the demo student's resume uploaded through the files service to uploads/.
    const snapshot = new Blob([await fs.readFile(inject('pgliteSnapshot'))]);
    const handle = await openDatabase({ driver: 'pglite', dataDir: source, snapshot });
    await migrateDatabase(handle);
    const config = testConfig({
      dataDir: source,
      storage: { driver: 'disk', dir: path.join(source, 'uploads') },
    });
    await seedDemoAccounts(config, handle.db);
    // A second college, added as the operator adds one, with nobody in it yet.
    await createCollegesService({ collegesRepo: createCollegesRepo(handle.db) }).create({
      slug: 'north',
      name: 'North College',
    });
    const [student] = await handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, demoAccounts.student.emailID));
    const { filesService } = createServices(config, handle.db);
    await filesService.replaceResume(
      student!.id,
      Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]),
    );
    resumeKey = await resumeOfDemoStudent(handle);
    resumeHash = await sha256(path.join(source, 'uploads', resumeKey));
    sourceCounts = await rowCounts(handle);
    await handle.close();
  }, 60_000);

  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('round-trips the database and the uploads: same rows in every table, same file bytes', async () => {
    const { manifest } = await backupDataDir({ dataDir: source, out: backup });
    expect(manifest.tables).toEqual(sourceCounts);
    expect(manifest.migrations).toBe(shippedMigrations());
    expect(manifest.uploads).toEqual({ included: true, files: 1, bytes: 200_009 });
    // Which colleges it holds, and who is in each, as a restore shows them.
    expect(manifest.colleges?.map((c) => [c.slug, c.students, c.staff])).toEqual([
      ['main', 1, 1],
      ['north', 0, 0],
    ]);
    expect(describeManifest(manifest)[1]).toMatch(
      /^colleges: .+ \(\/c\/main\/\): 1 students, 1 staff; North College \(\/c\/north\/\): 0 students, 0 staff$/,
    );
    // An operator can read it with tar: the manifest first, then DATA_DIR's files, and no lock.
    const names: string[] = [];
    await list({ file: backup, onReadEntry: (entry) => names.push(entry.path) });
    expect(names[0]).toBe(MANIFEST_FILE);
    expect(names).toContain('PG_VERSION');
    expect(names).toContain(`uploads/${resumeKey}`);
    expect(names).not.toContain(LOCK_FILE);

    const restored = path.join(root, 'restored');
    const summary = await restoreDataDir({ file: backup, dataDir: restored });
    expect(summary.pendingMigrations).toBe(0);

    // Opened the way the server opens it, migrations included.
    const handle = await openDatabase({ driver: 'pglite', dataDir: restored });
    try {
      await migrateDatabase(handle);
      expect(await rowCounts(handle)).toEqual(sourceCounts);
      expect(Object.keys(sourceCounts).length).toBeGreaterThan(20);
      expect(sourceCounts.accounts).toBe(3);
      expect(await resumeOfDemoStudent(handle)).toBe(resumeKey);
    } finally {
      await handle.close();
    }
    expect(await sha256(path.join(restored, 'uploads', resumeKey))).toBe(resumeHash);
  }, 60_000);

  it('restores only into an empty DATA_DIR', async () => {
    await expect(restoreDataDir({ file: backup, dataDir: source })).rejects.toThrow(
      backupMessages.notEmpty(source, 'a database'),
    );
    const onlyUploads = path.join(root, 'only-uploads');
    await fs.mkdir(path.join(onlyUploads, 'uploads'), { recursive: true });
    await expect(restoreDataDir({ file: backup, dataDir: onlyUploads })).rejects.toThrow(
      backupMessages.notEmpty(onlyUploads, 'uploaded files'),
    );
  });

  it('refuses a file that is not one of its backups, or a damaged one, before writing anything', async () => {
    const target = path.join(root, 'target');
    const text = path.join(root, 'notes.txt');
    await fs.writeFile(text, 'not a backup\n');
    await expect(restoreDataDir({ file: text, dataDir: target })).rejects.toThrow(
      backupMessages.notABackup(text),
    );
    // A .tar.gz, but not ours: no manifest at its head.
    const otherArchive = path.join(root, 'uploads-only.tar.gz');
    await create({ cwd: source, file: otherArchive, gzip: true }, ['uploads']);
    await expect(restoreDataDir({ file: otherArchive, dataDir: target })).rejects.toThrow(
      backupMessages.notABackup(otherArchive),
    );
    const missing = path.join(root, 'missing.tar.gz');
    await expect(restoreDataDir({ file: missing, dataDir: target })).rejects.toThrow(
      backupMessages.noFile(missing),
    );

    // Cut short (a copy interrupted): the manifest reads, the rest does not.
    const whole = await fs.readFile(backup);
    const truncated = path.join(root, 'truncated.tar.gz');
    await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreDataDir({ file: truncated, dataDir: target })).rejects.toThrow(
      new RegExp(`^${truncated} is damaged \\(.+\\): nothing was restored\\.$`),
    );
    await expect(fs.access(target)).rejects.toThrow();
  });

  it('refuses to back up or restore while another process holds DATA_DIR', async () => {
    // Another live process holds the lock (our parent stands in for the server).
    await fs.writeFile(path.join(source, LOCK_FILE), String(process.ppid));
    try {
      await expect(backupDataDir({ dataDir: source, out: path.join(root, 'busy.tar.gz') })).rejects.toThrow(
        backupMessages.inUse(source, process.ppid, 'backup'),
      );
      expect(backupMessages.inUse(source, process.ppid, 'backup')).toBe(
        `The server is running on DATA_DIR ${source} (pid ${process.ppid} holds its lock): stop it, ` +
          'then run the backup again (the embedded database allows one process at a time).',
      );
      await expect(fs.access(path.join(root, 'busy.tar.gz'))).rejects.toThrow();

      const busyTarget = path.join(root, 'busy-target');
      await fs.mkdir(busyTarget);
      await fs.writeFile(path.join(busyTarget, LOCK_FILE), String(process.ppid));
      await expect(restoreDataDir({ file: backup, dataDir: busyTarget })).rejects.toThrow(
        backupMessages.inUse(busyTarget, process.ppid, 'restore'),
      );
    } finally {
      await fs.rm(path.join(source, LOCK_FILE), { force: true });
    }
  });
});
