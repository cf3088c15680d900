import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, invocationDir, loadConfig } from '../config.ts';
import { BackupError, backupMessages, describeManifest, restoreDataDir } from './backup.ts';
import { openForCollegeScript } from './college-script.ts';
import {
  CollegeExportError,
  putBackCollegeFiles,
  readCollegeExport,
  restoreCollege,
} from './college-export.ts';

const usage =
  'Usage: npm run restore -- FILE.tar.gz [--data-dir DIR]   (DIR must be empty or not exist)\n' +
  "       npm run restore -- --college SLUG FILE.json [--with-companies] [--files DIR] [--data-dir DIR]   (replaces that college's rows)\n" +
  '  --with-companies  also creates the companies, company accounts and jobs of the export that this\n' +
  '                    database lacks (a college moving to a deployment of its own keeps its applications,\n' +
  '                    offers and events); those that exist are kept as they are. Not the default: where the\n' +
  "                    export was made, a missing company or job was removed on purpose, and one college's\n" +
  '                    copy must not bring it back for every college. Created company accounts have no\n' +
  '                    password: the company signs in after "Forgot password".';

/** Replaces one college's rows with an export's, on either database (db/college-export.ts). */
async function restoreOneCollege(
  slug: string,
  file: string,
  dataDir: string | undefined,
  files: string | undefined,
  withCompanies: boolean,
) {
  const { here, handle, storage: storageOf } = await openForCollegeScript(dataDir, 'restore');
  try {
    const started = performance.now();
    const summary = await restoreCollege(handle.db, { file: path.resolve(here, file), slug, withCompanies });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const rows = Object.values(summary.restored).reduce((sum, n) => sum + n, 0);
    const count = (table: string) => summary.restored[table] ?? 0;
    console.log(
      `Restored ${summary.college.name} (/c/${summary.college.slug}/) as exported at ${summary.exportedAt} in ${seconds} s:`,
    );
    console.log(
      `  ${rows} rows: ${count('students')} students, ${count('staff_members')} staff, ` +
        `${count('applications')} applications, ${count('offers')} offers; other colleges' rows untouched`,
    );
    const { shared } = summary;
    if (shared) {
      const of = (counts: Record<string, number>, table: string) => counts[table] ?? 0;
      console.log(
        `  companies: ${of(shared.created, 'companies')} created` +
          (of(shared.created, 'companies') > 0
            ? ' (no password: they sign in after "Forgot password")'
            : '') +
          `, ` +
          `${of(shared.kept, 'companies')} kept as they are; jobs: ${of(shared.created, 'jobs')} created, ` +
          `${of(shared.kept, 'jobs')} kept as they are`,
      );
      if (of(shared.skipped, 'companies') > 0 || of(shared.skipped, 'accounts') > 0) {
        console.log(
          `  not created, as their email is another account's here: ${of(shared.skipped, 'accounts')} company accounts ` +
            `(${of(shared.skipped, 'companies')} companies, ${of(shared.skipped, 'jobs')} jobs); ` +
            "the college's rows naming them are skipped below",
        );
      }
    }
    const skipped = Object.entries(summary.skipped);
    if (skipped.length > 0) {
      console.log(
        `  skipped, as they reference companies or jobs ${shared ? 'not in this database' : 'deleted since the export'}: ` +
          skipped.map(([table, n]) => `${n} ${table}`).join(', '),
      );
      if (!shared) {
        console.log(
          '  (moving the college to a deployment of its own? --with-companies creates the missing companies and jobs from the export)',
        );
      }
    }
    const emptied = Object.entries(summary.emptied);
    if (emptied.length > 0) {
      console.log(
        `  references to accounts deleted since emptied: ` +
          emptied.map(([column, n]) => `${n} ${column}`).join(', '),
      );
    }
    if (files) {
      // After the rows: a refused restore puts back nothing; a second run puts back what is still missing.
      const folder = path.resolve(here, files);
      const { notIncluded } = await readCollegeExport(path.resolve(here, file));
      const result = await putBackCollegeFiles(storageOf(), notIncluded.files, folder);
      console.log(`  files: ${result.put} put back from ${folder}, ${result.kept} still in storage`);
      if (result.missing.length > 0) {
        console.log(
          `  ${result.missing.length} files neither in storage nor in ${folder}: ${result.missing.join(', ')}`,
        );
      }
    }
  } finally {
    await handle.close();
  }
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        'data-dir': { type: 'string' },
        college: { type: 'string' },
        files: { type: 'string' },
        'with-companies': { type: 'boolean' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(`Name one backup file.\n${usage}`);
    process.exit(2);
  }
  const withCompanies = parsed.values['with-companies'] ?? false;
  if (parsed.values.college !== undefined) {
    await restoreOneCollege(
      parsed.values.college,
      file,
      parsed.values['data-dir'],
      parsed.values.files,
      withCompanies,
    );
    return;
  }
  if (withCompanies) {
    console.error(
      `--with-companies goes with --college SLUG (a whole backup holds every company).\n${usage}`,
    );
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
  if (error instanceof BackupError || error instanceof CollegeExportError || error instanceof ConfigError) {
    console.error(error.message);
  } else console.error(error);
  process.exit(1);
});
