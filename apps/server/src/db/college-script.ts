import path from 'node:path';
import { invocationDir, loadConfig } from '../config.ts';
import { createStorage } from '../services.ts';
import { BackupError, backupMessages } from './backup.ts';
import { DataDirInUseError, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/**
 * What `npm run backup -- --college` and `npm run restore -- --college` open: the database (the
 * embedded one only with the server stopped), brought up to this version's migrations as the
 * server does when it starts (the tables they read are this version's), and the storage of its
 * uploads. `--data-dir` moves DATA_DIR, and the uploads on disk with it (config.ts).
 */
export async function openForCollegeScript(dataDir: string | undefined, action: 'backup' | 'restore') {
  const here = invocationDir();
  const config = loadConfig();
  const dir = dataDir ? path.resolve(here, dataDir) : config.dataDir;
  const storage = () =>
    createStorage(
      config.storage.driver === 'disk'
        ? { ...config, storage: { driver: 'disk', dir: path.join(dir, 'uploads') } }
        : config,
    );
  let handle;
  try {
    handle = await openDatabase(
      config.databaseUrl
        ? { driver: 'postgres', url: config.databaseUrl }
        : { driver: 'pglite', dataDir: dir },
    );
  } catch (error) {
    if (error instanceof DataDirInUseError)
      throw new BackupError(backupMessages.inUse(dir, error.pid, action));
    throw error;
  }
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { here, handle, storage };
}
