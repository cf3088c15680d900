import pretty from 'pino-pretty';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';

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
    // The embedded database has no autovacuum of its own: a worker of the app does its work.
    pglite: handle.pglite,
    listen: handle.listen,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let the ones under way and the workers' passes finish, then close the
    // database cleanly.
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
