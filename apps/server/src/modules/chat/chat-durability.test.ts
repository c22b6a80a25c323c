import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort, TEST_INVOICE_ISSUER_ENV } from '../../../test/support/ports';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@pb/core';
import { createJob, createChatUser } from '../../../test/support/chat-fixtures';
import {
  createPostgresDatabase,
  newJwtSecret,
  startInstance,
  tempDataDir,
  type Instance,
} from '../../../test/support/instances';
import { connectChat } from '../../../test/support/socket-client';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('Chat durability', () => {
  it('When a message was acknowledged, then it is still there after the server is stopped and started again', async () => {
    const dataDir = tempDataDir();
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DB_DRIVER === 'postgres') {
      const pgDb = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(pgDb.drop);
      databaseUrl = pgDb.url;
    }
    const options = { dataDir, jwtSecret: newJwtSecret(), databaseUrl };

    const first: Instance = await startInstance(options);
    const consultant = await createChatUser(first.app, 'consultant');
    const company = await createChatUser(first.app, 'company');
    const job = await createJob(first.app.db, company.id, { jobTitle: 'Dauerhaft' });
    const opened = await first.app.inject({
      method: 'POST',
      url: '/api/chat-communications',
      headers: { authorization: `Bearer ${consultant.token}` },
      payload: { advertisement: job.id, message: 'Erste Nachricht' },
    });
    const chatId = opened.json<{ data: ChatConversation }>().data.id;
    const socket = await connectChat(first.url, company.token);
    const ack = await socket.emitWithAck('chat:send', { chatId, message: 'Bestätigt und gespeichert' });
    socket.close();
    expect(ack.ok).toBe(true);
    await first.close();

    const second = await startInstance(options);
    cleanups.push(second.close);
    const res = await second.app.inject({
      method: 'GET',
      url: `/api/chat-communications/${chatId}/messages`,
      headers: { authorization: `Bearer ${consultant.token}` },
    });
    expect(res.statusCode).toBe(200);
    const messages = res.json<{ data: ChatMessage[] }>().data;
    expect(messages.map((m) => m.message)).toEqual(['Erste Nachricht', 'Bestätigt und gespeichert']);
    expect(messages[1]!.messageId).toBe(ack.ok ? ack.data.messageId : -1);
    const [row] = await second.database.query<{ p1: boolean }>(
      'SELECT unread_message_p1 AS p1 FROM chat_communications WHERE id = $1',
      [chatId],
    );
    expect(row).toEqual({ p1: true });
  }, 120_000);
});

/** Starts `main.ts` as its own process and waits for /api/health. */
async function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')], {
    cwd: path.resolve(SERVER_DIR, '../..'),
    env: {
      ...process.env,
      ...TEST_INVOICE_ISSUER_ENV,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Chat durability across a crash', () => {
  it('When the server process is killed with SIGKILL right after an ack, then the message is there after a restart', async () => {
    const dataDir = tempDataDir();
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const jwtSecret = newJwtSecret();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      FINGERPRINT_SECRET: jwtSecret,
      REGISTER_SECRET: jwtSecret,
      PUBLIC_URL: 'http://localhost:3000',
    };
    if (process.env.TEST_DB_DRIVER === 'postgres') {
      const pgDb = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(pgDb.drop);
      env.DATABASE_URL = pgDb.url;
    }
    // Seed while no server runs (PGlite is single-process).
    const seed = await startInstance({ dataDir, jwtSecret, databaseUrl: env.DATABASE_URL });
    const consultant = await createChatUser(seed.app, 'consultant');
    const company = await createChatUser(seed.app, 'company');
    const job = await createJob(seed.app.db, company.id, { jobTitle: 'Absturz' });
    const opened = await seed.app.inject({
      method: 'POST',
      url: '/api/chat-communications',
      headers: { authorization: `Bearer ${consultant.token}` },
      payload: { advertisement: job.id, message: 'Vor dem Absturz' },
    });
    const chatId = opened.json<{ data: ChatConversation }>().data.id;
    await seed.close();

    const first = await spawnServer(env);
    let killed = false;
    cleanups.push(async () => {
      if (!killed) first.child.kill('SIGKILL');
    });
    const socket = await connectChat(first.url, company.token);
    const ack = await socket.emitWithAck('chat:send', { chatId, message: 'Bestätigt, dann Absturz' });
    expect(ack.ok).toBe(true);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    killed = true;
    await exited;
    socket.close();

    const second = await startInstance({ dataDir, jwtSecret, databaseUrl: env.DATABASE_URL });
    cleanups.push(second.close);
    const res = await second.app.inject({
      method: 'GET',
      url: `/api/chat-communications/${chatId}/messages`,
      headers: { authorization: `Bearer ${consultant.token}` },
    });
    expect(res.json<{ data: ChatMessage[] }>().data.map((m) => m.message)).toEqual([
      'Vor dem Absturz',
      'Bestätigt, dann Absturz',
    ]);
  }, 180_000);
});
