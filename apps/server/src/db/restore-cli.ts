import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, invocationDir, loadConfig } from '../config.ts';
import { BackupError, backupMessages, describeManifest, restoreDataDir } from './backup.ts';

const usage = 'Usage: npm run restore -- FILE.tar.gz [--data-dir DIR]   (DIR must be empty or not exist)';

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(`Name one backup file.\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(backupMessages.postgresRestore);
    process.exit(2);
  }

  const here = invocationDir();
  const dataDir = parsed.values['data-dir'] ? path.resolve(here, parsed.values['data-dir']) : config.dataDir;
  const started = performance.now();
  const { manifest, pendingMigrations } = await restoreDataDir({ file: path.resolve(here, file), dataDir });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir} in ${seconds} s, checked:`);
  for (const line of describeManifest(manifest)) console.log(`  ${line}`);
  if (pendingMigrations > 0) {
    const migrations = pendingMigrations === 1 ? 'migration' : 'migrations';
    console.log(`The server applies this version's ${pendingMigrations} newer ${migrations} when it starts.`);
  }
  if (config.storage.driver === 's3' && manifest.uploads.included) {
    console.log(
      `S3_BUCKET is set: the server reads uploads from the bucket ${config.storage.bucket}, ` +
        `not from ${path.join(dataDir, 'uploads')} where the backup's files now are.`,
    );
  }
  console.log('Start the server with npm start.');
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
