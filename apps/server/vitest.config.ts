import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs on the embedded database always, and again on a real PostgreSQL server when
// TEST_DATABASE_URL names one (CI sets it), so both drivers are tested on every change.
const postgresUrl = process.env.TEST_DATABASE_URL;
// CI splits the two across Node versions rather than running both twice: TEST_DATABASES=postgres
// runs the PostgreSQL project alone (on the machine's Node), and the Node 26 run takes the embedded
// one. Unset, both run (the embedded one always, PostgreSQL when TEST_DATABASE_URL is set).
const databases = (process.env.TEST_DATABASES ?? 'pglite,postgres').split(',');
if (databases.includes('postgres') && !postgresUrl && process.env.TEST_DATABASES) {
  throw new Error('TEST_DATABASES names postgres: set TEST_DATABASE_URL too');
}
// Volume measurements print figures and take minutes: `npm run bench:import` runs them, the suite does not.
const measurements = process.env.IMPORT_VOLUME ? [] : ['src/**/*.volume.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Test files share a worker's loaded modules instead of importing the app afresh each (the
    // pglite project: 417 s → 351 s, import time 81 s → 13 s). Nothing here keeps state at module
    // level but caches of pure values; every file builds its own app and database.
    isolate: false,
    // Memory tests collect garbage before they sample, so they measure what is held, not what
    // the collector has yet to free (Node 26 frees buffers later than 20 did).
    execArgv: ['--expose-gc'],
    // Vitest runs one worker fewer than there are cores; on a 2-core machine that is one, and the
    // other core idles while the embedded database's queries run in that worker. Both databases,
    // 124 files: 394 s with one worker, 234 and 260 s with two (docs/testing.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      ...(databases.includes('pglite')
        ? [
            {
              extends: true as const,
              test: {
                name: 'pglite',
                provide: { dbDriver: 'pglite' as const },
                // Restarting a database server under load, and how statements reach one, need a server: they
                // run in the postgres project.
                exclude: [
                  ...configDefaults.exclude,
                  'src/db/restart.test.ts',
                  'src/db/postgres-statements.test.ts',
                  'src/db/walled-pool.test.ts',
                  ...measurements,
                ],
              },
            },
          ]
        : []),
      ...(postgresUrl && databases.includes('postgres')
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                provide: { dbDriver: 'postgres' as const, postgresUrl },
                // Backups of the embedded database (PostgreSQL's own are pg_dump's). The resume book's
                // memory while it streams 300 MB is the storage's and the zip's, whatever the
                // database: it runs once, in the embedded project (on Node 26 in CI), 41 s saved here.
                exclude: [
                  ...configDefaults.exclude,
                  'src/db/backup.test.ts',
                  'src/modules/resume-book/resume-book.memory.test.ts',
                  ...measurements,
                ],
              },
            },
          ]
        : []),
    ],
  },
});
