import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createCollegesRepo } from '../modules/colleges/colleges.repo.ts';
import { openDatabase } from './client.ts';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { migrateDatabase } from './migrate.ts';
import { loadSampleData, SAMPLE_PASSWORD } from './sample-data.ts';

async function main() {
  const { values } = parseArgs({ options: { students: { type: 'string' }, colleges: { type: 'string' } } });
  const collegeCount = values.colleges === undefined ? 1 : Number(values.colleges);
  if (!Number.isInteger(collegeCount) || collegeCount < 1 || collegeCount > 100) {
    console.error('--colleges takes a whole number from 1 to 100');
    process.exit(2);
  }
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
  // The first college is every deployment's; the others are "college-2", "college-3", …
  const collegesRepo = createCollegesRepo(db);
  for (let n = 2; n <= collegeCount; n++) {
    if (!(await collegesRepo.findBySlug(`college-${n}`))) {
      await collegesRepo.create({ slug: `college-${n}`, name: `Sample College ${n}` });
    }
  }
  const colleges = (await collegesRepo.list()).map((c) => c.id).slice(0, collegeCount);

  if (sampleStudents > 0) {
    const started = Date.now();
    console.log(
      `Loading sample data for ${sampleStudents.toLocaleString('en-IN')} students in ${colleges.length} colleges…`,
    );
    await loadSampleData(db, { students: sampleStudents, colleges }, (line) => console.log(line));
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
