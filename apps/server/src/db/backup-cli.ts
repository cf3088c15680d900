import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, invocationDir, loadConfig } from '../config.ts';
import { BackupError, backupDataDir, backupMessages, describeManifest, formatBytes } from './backup.ts';

const usage = 'Usage: npm run backup -- --out FILE.tar.gz [--data-dir DIR]';

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (!values.out) {
    console.error(`--out is required.\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig();
  const s3Note = config.storage.driver === 's3' ? backupMessages.s3Uploads(config.storage.bucket) : null;
  if (config.databaseUrl) {
    console.error([backupMessages.postgresBackup, s3Note].filter(Boolean).join('\n'));
    process.exit(2);
  }
  if (s3Note) console.error(s3Note);

  const here = invocationDir();
  const dataDir = values['data-dir'] ? path.resolve(here, values['data-dir']) : config.dataDir;
  const out = path.resolve(here, values.out);
  const started = performance.now();
  const { manifest, archiveBytes } = await backupDataDir({ dataDir, out, includeUploads: !s3Note });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backed up ${dataDir} to ${out} (${formatBytes(archiveBytes)}) in ${seconds} s:`);
  for (const line of describeManifest(manifest)) console.log(`  ${line}`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
