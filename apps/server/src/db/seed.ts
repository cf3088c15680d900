import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { migrateDatabase } from './migrate.ts';
import { loadSampleData, SAMPLE_PASSWORD } from './sample-data.ts';

async function main() {
  const { values } = parseArgs({ options: { students: { type: 'string' } } });
  const sampleStudents = values.students === undefined ? 0 : Number(values.students);
  if (!Number.isInteger(sampleStudents) || sampleStudents < 0 || sampleStudents > 1_000_000) {
    console.error('--students takes a whole number from 0 to 1000000');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.env === 'production') {
    console.error(
      'npm run seed adds demo accounts with published passwords: it refuses to run with NODE_ENV=production.',
    );
    process.exit(2);
  }
  const handle = await openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  await migrateDatabase(handle);
  const { db } = handle;
  const created = await seedDemoAccounts(config, db);

  if (sampleStudents > 0) {
    const started = Date.now();
    console.log(`Loading sample data for ${sampleStudents.toLocaleString('en-IN')} students…`);
    await loadSampleData(db, { students: sampleStudents }, (line) => console.log(line));
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`  done in ${seconds} s (sample accounts' password: ${SAMPLE_PASSWORD})`);
  }

  await handle.close();
  console.log(
    created.length ? `Seeded demo accounts: ${created.join(', ')}` : 'Demo accounts already present.',
  );
  for (const [role, { emailID, password }] of Object.entries(demoAccounts)) {
    console.log(`  ${role.padEnd(14)} ${emailID.padEnd(22)} ${password}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
