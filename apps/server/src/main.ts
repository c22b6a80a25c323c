import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/setup';
import { openFileStorage } from './lib/file-storage';
import { rootCause } from './lib/db-errors';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { closeRedis, createRedisClient } from './lib/redis';
import { MailWorker } from './modules/mail/worker';
import { runStartupTasks } from './startup';

// WEB_DIST_DIR lets parallel end-to-end runs serve their own build.
const WEB_DIST =
  process.env.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = {
    level: config.logLevel,
    ...(config.isProduction
      ? {}
      : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }),
  };
  // Connection errors outside a query (PostgreSQL restarting, sessions terminated) are logged, never fatal.
  let logConnectionError = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  // The embedded database is one process's at a time (lib/data-dir-lock); PostgreSQL needs no lock.
  const dataDirLock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir, 'server');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.dbTimeouts,
    onConnectionError: (err) => logConnectionError(err),
  });
  // Fails fast while Redis is away (rate limits then count in-process: lib/rate-limit-store).
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : undefined;
  const storage = openFileStorage(config.storage);
  const app = await buildApp({
    config,
    database,
    redis,
    storage,
    webDistDir: WEB_DIST,
    logger,
  });
  logConnectionError = (err) => app.log.warn({ err: rootCause(err) }, 'database connection lost');
  await prepareDatabase(database, (msg) => app.log.info(msg));
  await runStartupTasks(app);

  const mailWorker = new MailWorker({ db: database.db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  mailWorker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await mailWorker.stop();
      await closeRedis(redis);
      await database.close();
      dataDirLock?.release();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.driver,
      redis: Boolean(redis),
      smtp: Boolean(config.smtpUrl),
      ms: Math.round(performance.now() - startedAt),
    },
    `Prämienbörse läuft auf ${address.replace('0.0.0.0', 'localhost')} (öffentliche Adresse: ${config.publicUrl})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
