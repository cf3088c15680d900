import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, invocationDir, loadConfig } from '../config.ts';
import { BackupError, backupDataDir, backupMessages, describeManifest, formatBytes } from './backup.ts';
import { openForCollegeScript } from './college-script.ts';
import { CollegeExportError, copyCollegeFiles, exportCollege, writeCollegeExport } from './college-export.ts';

const usage =
  'Usage: npm run backup -- --out FILE.tar.gz [--data-dir DIR]\n' +
  "       npm run backup -- --college SLUG --out FILE.json [--data-dir DIR]   (one college's rows)";

/** One college's rows on their own, from either database (db/college-export.ts). */
async function exportOneCollege(
  slug: string,
  out: string,
  dataDir: string | undefined,
  files: string | undefined,
) {
  const { here, handle, storage: storageOf } = await openForCollegeScript(dataDir, 'backup');
  const target = path.resolve(here, out);
  try {
    const started = performance.now();
    const data = await exportCollege(handle.db, slug, handle.driver);
    const bytes = await writeCollegeExport(data, target);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const rows = Object.values(data.tables).reduce((sum, table) => sum + table.rows.length, 0);
    const count = (table: string) => data.tables[table]?.rows.length ?? 0;
    console.log(
      `Exported ${data.college.name} (/c/${data.college.slug}/) to ${target} (${formatBytes(bytes)}) in ${seconds} s:`,
    );
    console.log(
      `  ${rows} rows of ${Object.keys(data.tables).length} tables: ${count('students')} students, ` +
        `${count('staff_members')} staff, ${count('applications')} applications, ${count('offers')} offers`,
    );
    console.log(
      `  shared rows they reference (a restore changes none; with --with-companies it creates those a database lacks, a college's move): ${data.shared.companies?.length ?? 0} companies, ` +
        `${data.shared.jobs?.length ?? 0} jobs`,
    );
    console.log(
      `  not included: ${[...new Set(Object.values(data.notIncluded.tables))].join(', ')}; ` +
        `${data.notIncluded.files.length} uploaded files (listed by key in the export, kept in storage` +
        `${files ? '' : '; --files DIR copies them'})`,
    );
    if (files) {
      const folder = path.resolve(here, files);
      const copied = await copyCollegeFiles(storageOf(), data.notIncluded.files, folder);
      console.log(`  files: ${copied.copied} copied into ${folder} (${formatBytes(copied.bytes)})`);
      if (copied.missing.length > 0) {
        console.log(
          `  ${copied.missing.length} files the records name are not in storage: ${copied.missing.join(', ')}`,
        );
      }
    }
    console.log('  It holds personal data and password hashes: keep it as safe as the database.');
  } finally {
    await handle.close();
  }
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: 'string' },
        'data-dir': { type: 'string' },
        college: { type: 'string' },
        files: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (!values.out) {
    console.error(`--out is required.\n${usage}`);
    process.exit(2);
  }
  if (values.college !== undefined) {
    await exportOneCollege(values.college, values.out, values['data-dir'], values.files);
    return;
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
  if (error instanceof BackupError || error instanceof CollegeExportError || error instanceof ConfigError) {
    console.error(error.message);
  } else console.error(error);
  process.exit(1);
});
