import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/setup';
import { LocalFileStorage } from '../../src/lib/storage-disk';

/**
 * Whole server instances on loopback ports for the multi-instance, restart and
 * latency suites: each has its own app and database connection; several may
 * share one PostgreSQL database (or one PGlite data folder, one at a time).
 */

export interface Instance {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

export interface InstanceOptions {
  dataDir: string;
  jwtSecret: string;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    // Instances of one system share every key: candidate fingerprints must match across them.
    FINGERPRINT_SECRET: options.jwtSecret,
    REGISTER_SECRET: options.jwtSecret,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 5 });
  await prepareDatabase(database);
  const app = await buildApp({ config, database, storage: new LocalFileStorage(config.uploadDir) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    url,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'pb-chat-'));
}

export function newJwtSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A throw-away PostgreSQL database on `adminUrl`'s server. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pb_chat_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface InstancePair {
  a: Instance;
  b: Instance;
  /** Stops both instances, drops the database and removes the data folders. */
  close(): Promise<void>;
}

/**
 * Two instances sharing a fresh PostgreSQL database and one Redis (TEST_DATABASE_URL,
 * TEST_REDIS_URL; the *.pg.test.ts suites) — or no Redis with `{ redis: false }`. Throws,
 * naming `purpose`, when a server it needs is not configured.
 */
export async function startInstancePair(purpose: string, options: { redis?: boolean } = {}): Promise<InstancePair> {
  const redisUrl = options.redis === false ? undefined : process.env.TEST_REDIS_URL;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || (options.redis !== false && !redisUrl)) {
    throw new Error(
      `${options.redis === false ? 'TEST_DATABASE_URL is' : 'TEST_REDIS_URL and TEST_DATABASE_URL are'} required for ${purpose}`,
    );
  }
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const database = await createPostgresDatabase(adminUrl);
    cleanups.push(database.drop);
    const jwtSecret = newJwtSecret();
    const dirs = [tempDataDir(), tempDataDir()];
    cleanups.push(async () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    const redis = redisUrl ? { redisUrl } : {};
    const a = await startInstance({ dataDir: dirs[0]!, jwtSecret, databaseUrl: database.url, ...redis });
    cleanups.push(a.close);
    const b = await startInstance({ dataDir: dirs[1]!, jwtSecret, databaseUrl: database.url, ...redis });
    cleanups.push(b.close);
    return { a, b, close };
  } catch (error) {
    await close();
    throw error;
  }
}
