import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { TEST_INVOICE_ISSUER_ENV } from './support/ports';
import { openDatabase, type Database } from '../src/db/client';
import { prepareDatabase } from '../src/db/setup';
import { openFileStorage } from '../src/lib/file-storage';
import { MailWorker } from '../src/modules/mail/worker';

/**
 * Real parts for API tests: a fresh database per test file (in-memory PGlite, or a
 * throw-away database on TEST_DATABASE_URL's server), the real app via inject,
 * a real SMTP server to receive what the mail worker sends.
 */

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** Delivers queued mail to the in-process SMTP server and returns what arrived. */
  smtp: SmtpCapture;
  deliverMail(): Promise<number>;
  request(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface CapturedMail {
  to: string[];
  from: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string | undefined;
  attachments: Array<{ filename: string | null; mimeType: string; content: Buffer }>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** Resolves when the next message's data starts to arrive (a send is in flight). */
  nextDataStarted(): Promise<void>;
  /** Fails the next n deliveries (for retry tests). */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startSmtpCapture(options: { delayMs?: number } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let failures = 0;
  let dataWaiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      for (const resolve of dataWaiters) resolve();
      dataWaiters = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        // A slow mail server: the send stays in flight this long (shutdown tests).
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (failures > 0) {
          failures -= 1;
          const err = new Error('temporary failure') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        void PostalMime.parse(Buffer.concat(chunks)).then((email) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: email.from?.address ?? '',
            replyTo: email.replyTo?.[0]?.address,
            subject: email.subject ?? '',
            text: email.text ?? '',
            html: email.html,
            attachments: email.attachments.map((a) => ({
              filename: a.filename,
              mimeType: a.mimeType,
              content: Buffer.from(a.content as ArrayBuffer),
            })),
            headers: Object.fromEntries(email.headers.map((h) => [h.key.toLowerCase(), h.value])),
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextDataStarted: () => new Promise<void>((resolve) => dataWaiters.push(resolve)),
    failNext(n) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens the database the current project runs on: PGlite, or a fresh PostgreSQL database. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const name = `pb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContextOptions {
  env?: Record<string, string>;
  now?: () => Date;
  /** Use TEST_REDIS_URL for rate-limit counters (fails if unset). */
  redis?: boolean;
  /** Built web app to serve (a folder with index.html). */
  webDistDir?: string;
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-test-'));
  const smtp = await startSmtpCapture();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    OFFICE_EMAIL: 'office@example.test',
    PUBLIC_URL: 'http://localhost:3000',
    ...TEST_INVOICE_ISSUER_ENV,
    ...options.env,
  });
  const { database, drop } = await openTestDatabase();
  await prepareDatabase(database);
  let redis: Redis | undefined;
  if (options.redis) {
    const url = process.env.TEST_REDIS_URL;
    if (!url) throw new Error('TEST_REDIS_URL is required for this test');
    redis = new Redis(url, { maxRetriesPerRequest: 1 });
    await redis.flushdb();
  }
  const app = await buildApp({
    config,
    database,
    redis,
    storage: await openFileStorage(config.storage),
    ...(options.now ? { now: options.now } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  await app.ready();
  const worker = new MailWorker({ db: database.db, log: app.log, smtpUrl: smtp.url, from: config.mailFrom });
  return {
    app,
    database,
    config,
    dataDir,
    smtp,
    deliverMail: () => worker.runOnce(),
    request({ token, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await app.close();
      await worker.stop();
      await redis?.quit();
      await database.close();
      await drop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
