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
  const storage = await openFileStorage(config.storage);
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
  // A bucket that is away at start is not fatal (readiness reports it; uploads answer 503), but loud;
  // not awaited, so an unreachable store does not hold up the start by its connect timeouts.
  void storage
    .check()
    .catch((err: unknown) =>
      app.log.error({ err: err instanceof Error ? err.message : String(err) }, 'file storage not reachable at start'),
    );

  const mailWorker = new MailWorker({
    db: database.db,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    onSendFailure: () => app.metrics.mailSendFailed(),
  });
  mailWorker.start();

  let closing = false;
  /**
   * SIGTERM (orchestrator, balancer rotation) or SIGINT: readiness answers 503 at once and,
   * after SHUTDOWN_DRAIN_MS (the balancer's health check takes the instance out), the server
   * stops accepting, tells sockets to reconnect (they land on another instance), finishes
   * in-flight requests, the running scheduled job and the mail being sent, then exits 0.
   * Whatever is still running after SHUTDOWN_TIMEOUT_MS more is cut off (exit 1).
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { drainMs, timeoutMs } = config.shutdown;
    app.lifecycle.stopping = true;
    app.log.info({ signal, drainMs, timeoutMs }, 'shutting down: readiness answers 503');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, drainMs + timeoutMs);
    force.unref();
    // No new mail is claimed from now on (other instances send it); the one being sent finishes.
    const mailStopped = mailWorker.stop();
    let code = 0;
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close();
      await mailStopped;
      await closeRedis(redis);
      storage.close();
      await database.close();
      dataDirLock?.release();
      app.log.info('shut down cleanly');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.driver,
      redis: Boolean(redis),
      storage: storage.kind,
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
