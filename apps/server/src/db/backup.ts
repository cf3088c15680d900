import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { create, list, Unpack } from 'tar';
import { z } from 'zod';
import { DataDirInUseError, LOCK_FILE, lockDataDir, openDatabase } from './client.ts';
import { shippedMigrations } from './migrate.ts';

/**
 * Backups of the embedded database and the uploaded files: one `.tar.gz` of DATA_DIR as it is
 * with the server stopped (PostgreSQL's own files, `uploads/`), led by a manifest. A cold copy is
 * PostgreSQL's consistent file-system backup; the lock file guarantees the server is stopped and
 * stays stopped until the copy is written. PGlite's `dumpDataDir` was not used: it reads the whole
 * of DATA_DIR, uploads included, into memory, where this streams it.
 */

/** The archive's first entry: what the backup holds, read by a restore before it writes anything. */
export const MANIFEST_FILE = 'portal-backup.json';
const FORMAT = 'campus-placement-portal-backup';
const FORMAT_VERSION = 1;
const UPLOADS = 'uploads';
/** Not part of what a backup keeps: the lock, and the folder fsck keeps at a file system's root. */
const NOT_DATA = new Set([LOCK_FILE, 'lost+found']);

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  /** The PostgreSQL major version of the data files (PG_VERSION). */
  postgresVersion: z.string(),
  /** How many of the app's migrations the database had. */
  migrations: z.number().int().nonnegative(),
  /** Rows in each table of the public schema. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /**
   * The colleges the backup holds, each with its students and staff (a restore shows them before
   * it replaces anything). Absent in backups of a database from before colleges.
   */
  colleges: z
    .array(
      z.object({
        slug: z.string(),
        name: z.string(),
        students: z.number().int().nonnegative(),
        staff: z.number().int().nonnegative(),
      }),
    )
    .optional(),
  /** Whether DATA_DIR/uploads is in the archive (not when uploads live in an S3 bucket), and its size. */
  uploads: z.object({
    included: z.boolean(),
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A refusal or failure the operator can act on: its message says what happened and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const backupMessages = {
  inUse: (dataDir: string, pid: number | undefined, action: 'backup' | 'restore') =>
    `The server is running on DATA_DIR ${dataDir}${pid ? ` (pid ${pid} holds its lock)` : ''}: ` +
    `stop it, then run the ${action} again (the embedded database allows one process at a time).`,
  noDatabase: (dataDir: string) =>
    `There is no embedded database in ${dataDir} (no PG_VERSION file): nothing to back up. ` +
    'Check DATA_DIR or --data-dir.',
  outInsideDataDir: (out: string, dataDir: string) =>
    `The backup file ${out} is inside DATA_DIR ${dataDir}: write it somewhere else ` +
    '(a backup kept with the data it saves is lost with it).',
  noFile: (file: string) => `There is no file ${file}.`,
  notABackup: (file: string) =>
    `${file} is not a backup made by npm run backup (it does not start with ${MANIFEST_FILE}): ` +
    'nothing was restored.',
  newer: (file: string, what: string) =>
    `${file} was made by a newer version of the portal (${what}): restore it with that version or a later one.`,
  notEmpty: (dataDir: string, holds: string) =>
    `DATA_DIR ${dataDir} already holds ${holds}: a backup is restored only into an empty folder. ` +
    'Move that folder aside, or pass --data-dir with a new one.',
  damaged: (file: string, reason: string) => `${file} is damaged (${reason}): nothing was restored.`,
  unpackFailed: (dataDir: string, reason: string) =>
    `Writing the backup's files into ${dataDir} failed (${reason}): nothing was restored, ` +
    `and ${dataDir} is empty again.`,
  postgresBackup:
    'DATABASE_URL is set: the database is a PostgreSQL server, and this script backs up only the ' +
    'embedded one. Back it up with pg_dump (pg_dump --format=custom --file=portal.dump "$DATABASE_URL"; ' +
    "pg_restore brings it back) or your database service's own backups.",
  postgresRestore:
    'DATABASE_URL is set: the server uses a PostgreSQL server, not the embedded database this ' +
    'restores. Restore a pg_dump with pg_restore, or unset DATABASE_URL to restore into DATA_DIR.',
  s3Uploads: (bucket: string) =>
    `S3_BUCKET is set: uploads are kept in the bucket ${bucket}, not in DATA_DIR/uploads, and are not ` +
    "part of this backup. Keep them with the bucket's own versioning (or replication).",
  mismatch: (dataDir: string, what: string) =>
    `The restored data does not match the backup's manifest (${what}): nothing was restored, ` +
    `and ${dataDir} is empty again.`,
};

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's migrations applied to the database, and the rows of each table, as a backup records them. */
async function describeDatabase(
  pglite: PGlite,
): Promise<Pick<BackupManifest, 'migrations' | 'tables' | 'colleges'>> {
  const {
    rows: [journal],
  } = await pglite.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  let migrations = 0;
  if (journal?.present) {
    const { rows } = await pglite.query<{ n: number }>(
      'select count(*)::float8 as n from drizzle.__drizzle_migrations',
    );
    migrations = rows[0]?.n ?? 0;
  }
  const { rows: names } = await pglite.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of names) {
    const { rows } = await pglite.query<{ n: number }>(`select count(*)::float8 as n from ${quoted(name)}`);
    tables[name] = rows[0]?.n ?? 0;
  }
  if (!('colleges' in tables)) return { migrations, tables };
  const { rows: colleges } = await pglite.query<NonNullable<BackupManifest['colleges']>[number]>(
    `select c.slug, c.name,
       count(a.id) filter (where a.role = 'student')::float8 as students,
       count(a.id) filter (where a.role = 'college-staff')::float8 as staff
     from colleges c left join accounts a on a.college_id = c.id
     group by c.id order by c.id`,
  );
  return { migrations, tables, colleges };
}

/** Regular files under dir, and their bytes (a missing dir has none). */
async function filesUnder(dir: string): Promise<{ files: number; bytes: number }> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: 0, bytes: 0 };
    throw error;
  }
  const total = { files: 0, bytes: 0 };
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const below = await filesUnder(file);
      total.files += below.files;
      total.bytes += below.bytes;
    } else if (entry.isFile()) {
      total.files++;
      total.bytes += (await fs.stat(file)).size;
    }
  }
  return total;
}

/** Takes DATA_DIR's lock, or says the server holds it. */
async function lockFor(dataDir: string, action: 'backup' | 'restore') {
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new BackupError(backupMessages.inUse(dataDir, error.pid, action));
    }
    throw error;
  }
}

export type BackupSummary = { manifest: BackupManifest; archiveBytes: number };

/**
 * Writes a backup of the embedded database in dataDir, and of dataDir/uploads unless
 * `includeUploads` is false (uploads kept in an S3 bucket), to `out` (a .tar.gz). The file appears
 * only once it is whole: it is written beside `out` and renamed over it.
 */
export async function backupDataDir(options: {
  dataDir: string;
  out: string;
  includeUploads?: boolean;
}): Promise<BackupSummary> {
  const dataDir = path.resolve(options.dataDir);
  const out = path.resolve(options.out);
  const includeUploads = options.includeUploads ?? true;
  const relative = path.relative(dataDir, out);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new BackupError(backupMessages.outInsideDataDir(out, dataDir));
  }
  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    throw new BackupError(backupMessages.noDatabase(dataDir));
  }

  await fs.mkdir(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const unlock = await lockFor(dataDir, 'backup');
  try {
    const manifest = await manifestOf(dataDir, includeUploads);
    await writeArchive({ dataDir, manifest, file: partial, includeUploads });
    await fs.rename(partial, out);
    return { manifest, archiveBytes: (await fs.stat(out)).size };
  } finally {
    await fs.rm(partial, { force: true });
    await unlock();
  }
}

/** The manifest of a locked dataDir. */
async function manifestOf(dataDir: string, includeUploads: boolean): Promise<BackupManifest> {
  // Opened and closed once: a database left by a crash is recovered, and closing it leaves its
  // files complete on disk. Nothing else can open it until the caller releases the lock.
  const handle = await openDatabase({ driver: 'pglite', dataDir, lockHeld: true });
  let described;
  try {
    described = await describeDatabase(handle.pglite!);
  } finally {
    await handle.close();
  }
  return {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    postgresVersion: (await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).trim(),
    ...described,
    uploads: includeUploads
      ? { included: true, ...(await filesUnder(path.join(dataDir, UPLOADS))) }
      : { included: false, files: 0, bytes: 0 },
  };
}

/** Writes the manifest, then dataDir's files (but the lock), as a .tar.gz to file, and syncs it. */
async function writeArchive(options: {
  dataDir: string;
  manifest: BackupManifest;
  file: string;
  includeUploads: boolean;
}): Promise<void> {
  const { dataDir, manifest, file, includeUploads } = options;
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
  try {
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const manifestTar = path.join(staging, 'manifest.tar');
    await create({ cwd: staging, file: manifestTar, portable: true }, [MANIFEST_FILE]);
    const entries = (await fs.readdir(dataDir))
      .filter((name) => !NOT_DATA.has(name) && (includeUploads || name !== UPLOADS))
      .sort();
    // `@archive` copies that archive's entries: the manifest comes first, then DATA_DIR's files.
    await create({ cwd: dataDir, file, gzip: true, portable: true, strict: true }, [
      `@${manifestTar}`,
      ...entries,
    ]);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
  const written = await fs.open(file, 'r+');
  try {
    await written.sync();
  } finally {
    await written.close();
  }
}

/**
 * Reads a backup through once, before anything is written: refuses a file that is not one of ours
 * (no manifest at its head), a damaged one (cut short, or failing gzip's checksum), or one made by
 * a newer version of the portal. Resolves to its manifest.
 */
export async function readBackup(file: string): Promise<BackupManifest> {
  if (!(await exists(file))) throw new BackupError(backupMessages.noFile(file));
  let text: string | null = null;
  let first = true;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (first && entry.path === MANIFEST_FILE && entry.size <= 1024 * 1024) {
          const chunks: Buffer[] = [];
          entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
        }
        first = false;
      },
    });
  } catch (error) {
    if (text === null) throw new BackupError(backupMessages.notABackup(file));
    throw new BackupError(backupMessages.damaged(file, (error as Error).message));
  }
  if (text === null) throw new BackupError(backupMessages.notABackup(file));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(backupMessages.notABackup(file));
  }
  const head = z.object({ format: z.literal(FORMAT), version: z.number() }).safeParse(json);
  if (!head.success) throw new BackupError(backupMessages.notABackup(file));
  if (head.data.version > FORMAT_VERSION) {
    throw new BackupError(
      backupMessages.newer(file, `backup format ${head.data.version}, this version reads ${FORMAT_VERSION}`),
    );
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) throw new BackupError(backupMessages.notABackup(file));
  const shipped = shippedMigrations();
  if (manifest.data.migrations > shipped) {
    throw new BackupError(
      backupMessages.newer(
        file,
        `its database has ${manifest.data.migrations} migrations, this version ships ${shipped}`,
      ),
    );
  }
  return manifest.data;
}

/**
 * Unpacks the backup's files (all but the manifest) into dataDir. Resolves, or rejects with the
 * first error, only once every write has ended, so that a failed restore can be cleared away.
 */
function unpack(file: string, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    const unpacking = new Unpack({
      cwd: dataDir,
      strict: true,
      preserveOwner: false,
      filter: (entry) => entry !== MANIFEST_FILE,
    });
    // Strict: an entry that fails is an error, yet the entries after it are still written.
    unpacking.on('error', (error: Error) => {
      failure ??= error;
    });
    unpacking.on('close', () => (failure === undefined ? resolve() : reject(failure as Error)));
    const input = createReadStream(file);
    input.on('error', (error) => {
      failure ??= error;
      unpacking.end();
    });
    input.pipe(unpacking);
  });
}

export type RestoreSummary = {
  manifest: BackupManifest;
  /** Migrations of this version the backup predates: the server applies them when it starts. */
  pendingMigrations: number;
};

/** What an existing DATA_DIR holds, in words, or null when it is empty. */
async function contentsOf(dataDir: string): Promise<string | null> {
  const names = (await fs.readdir(dataDir)).filter((name) => !NOT_DATA.has(name));
  if (names.includes('PG_VERSION')) return 'a database';
  if (names.includes(UPLOADS)) return 'uploaded files';
  if (names.length === 0) return null;
  const shown = names.sort().slice(0, 5).join(', ');
  return `other files (${shown}${names.length > 5 ? ', …' : ''})`;
}

/** Empties a DATA_DIR that was empty before the restore began (its lock stays). */
async function emptyAgain(dataDir: string): Promise<void> {
  for (const name of await fs.readdir(dataDir)) {
    if (!NOT_DATA.has(name)) await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/**
 * Restores a backup into dataDir, which must be empty (or not exist yet), then opens the restored
 * database and checks every table's rows and the uploaded files against the manifest. On any
 * failure dataDir is emptied again.
 */
export async function restoreDataDir(options: { file: string; dataDir: string }): Promise<RestoreSummary> {
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await readBackup(file);

  const unlock = await lockFor(dataDir, 'restore');
  try {
    const holds = await contentsOf(dataDir);
    if (holds) throw new BackupError(backupMessages.notEmpty(dataDir, holds));
    try {
      await unpack(file, dataDir);
    } catch (error) {
      await emptyAgain(dataDir);
      throw new BackupError(backupMessages.unpackFailed(dataDir, (error as Error).message));
    }

    const problem = await differenceFromManifest(dataDir, manifest);
    if (problem) {
      await emptyAgain(dataDir);
      throw new BackupError(backupMessages.mismatch(dataDir, problem));
    }
    return { manifest, pendingMigrations: shippedMigrations() - manifest.migrations };
  } finally {
    await unlock();
  }
}

/** How the restored dataDir differs from what the manifest recorded, or null when it does not. */
async function differenceFromManifest(dataDir: string, manifest: BackupManifest): Promise<string | null> {
  let found;
  try {
    const handle = await openDatabase({ driver: 'pglite', dataDir, lockHeld: true });
    try {
      found = await describeDatabase(handle.pglite!);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return `the database did not open: ${(error as Error).message}`;
  }
  if (found.migrations !== manifest.migrations) {
    return `${manifest.migrations} migrations recorded, ${found.migrations} found`;
  }
  for (const name of new Set([...Object.keys(manifest.tables), ...Object.keys(found.tables)])) {
    const expected = manifest.tables[name];
    const got = found.tables[name];
    if (expected !== got) {
      const recorded = expected === undefined ? 'not in the backup' : `${expected} rows recorded`;
      return `table ${name}: ${recorded}, ${got === undefined ? 'missing' : `${got} found`}`;
    }
  }
  if (manifest.uploads.included) {
    const uploads = await filesUnder(path.join(dataDir, UPLOADS));
    if (uploads.files !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
      return (
        `uploads: ${manifest.uploads.files} files of ${manifest.uploads.bytes} bytes recorded, ` +
        `${uploads.files} of ${uploads.bytes} found`
      );
    }
  }
  return null;
}

/** Bytes as an operator reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What a backup holds, in a few lines. */
export function describeManifest(manifest: BackupManifest): string[] {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const tables = Object.keys(manifest.tables).length;
  const { uploads } = manifest;
  return [
    `database: ${tables} tables, ${rows} rows, ${manifest.migrations} migrations (PostgreSQL ${manifest.postgresVersion})`,
    ...(manifest.colleges
      ? [
          `colleges: ${manifest.colleges
            .map((c) => `${c.name} (/c/${c.slug}/): ${c.students} students, ${c.staff} staff`)
            .join('; ')}`,
        ]
      : []),
    uploads.included
      ? `uploads: ${uploads.files} files, ${formatBytes(uploads.bytes)}`
      : 'uploads: not included (they were in an S3 bucket)',
  ];
}
