import pretty from 'pino-pretty';
import { buildApp } from './app.ts';
import { createStorage } from './services.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError, openDatabase } from './db/client.ts';
import { scheduleEmbeddedMaintenance } from './db/embedded-maintenance.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createFilesRepo } from './modules/files/files.repo.ts';
import { sweepOrphanUploads } from './modules/files/orphan-uploads.ts';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  await migrateDatabase(handle);
  // A person watching a terminal reads lines; anything else (a file, journald, a log collector)
  // gets pino's JSON, one object a line. The same serializers apply either way.
  const app = await buildApp(config, handle.db, {
    logger: process.stdout.isTTY
      ? { stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) }
      : {},
  });
  // The embedded database has no autovacuum of its own.
  const stopMaintenance = handle.pglite ? scheduleEmbeddedMaintenance(handle.pglite, app.log) : () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let the ones under way finish, then close the database cleanly.
    stopMaintenance();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `database: ${handle.driver === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server'}`,
  );
  // In the background: requests are served meanwhile, and a failure only costs some disk space.
  sweepOrphanUploads({ storage: createStorage(config), filesRepo: createFilesRepo(handle.db) }).then(
    ({ orphans, unfinished }) =>
      app.log.info(
        { orphans, unfinished },
        `upload sweep: removed ${orphans} files no record names and ${unfinished} unfinished writes`,
      ),
    (error: unknown) => app.log.error({ err: error }, 'upload sweep failed'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
