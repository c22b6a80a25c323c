import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation } from '@pb/core';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { createJob, createChatUser, type ChatUser } from './support/chat-fixtures';
import { createPostgresDatabase, newJwtSecret, startInstance, tempDataDir } from './support/instances';
import { connectChat, EventLog, type ChatClient } from './support/socket-client';
import { startOwnRedis, type OwnRedis } from './support/own-redis';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * Item 3 of issue 9: the real server (main.ts in a child process) with REDIS_URL on a
 * Redis of the test's own. While that Redis is away, every rate-limited route answers
 * its normal status (or 429 from the in-process fallback), never 500, and quickly; one
 * warning is logged; chat keeps working on the instance; once Redis is back, the
 * counters are shared in Redis again.
 */

const FAST_MS = 2500;
const PASSWORD = 'Redis-Ausfall-2024!';

describe('Redis outage (own Redis, real server process)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  const sockets: ChatClient[] = [];
  let redis: OwnRedis;
  let probe: Redis;
  let server: ServerProcess;
  let consultant: ChatUser;
  let company: ChatUser;
  let chatId: number;
  let ipCounter = 0;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the fault tests');
    redis = await startOwnRedis();
    cleanups.push(() => redis.cleanup());
    probe = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
    probe.on('error', () => undefined);
    cleanups.push(async () => void probe.disconnect());

    const pgDb = await createPostgresDatabase(adminUrl);
    cleanups.push(pgDb.drop);
    const jwtSecret = newJwtSecret();
    // Test data through an in-process instance on the same database (it also migrates it).
    const dir = tempDataDir();
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const helper = await startInstance({ dataDir: dir, jwtSecret, databaseUrl: pgDb.url });
    try {
      consultant = await createChatUser(helper.app, 'consultant');
      company = await createChatUser(helper.app, 'company');
      await helper.app.db
        .update(users)
        .set({ passwordHash: await hashPassword(PASSWORD) })
        .where(eq(users.id, consultant.id));
      const job = await createJob(helper.app.db, company.id, { jobTitle: 'Redis-Ausfall' });
      const opened = await helper.app.inject({
        method: 'POST',
        url: '/api/chat-communications',
        headers: { authorization: `Bearer ${consultant.token}` },
        payload: { advertisement: job.id, message: 'Start' },
      });
      expect(opened.statusCode).toBe(201);
      chatId = opened.json<{ data: ChatConversation }>().data.id;
    } finally {
      await helper.close();
    }

    server = await startServerProcess({
      DATABASE_URL: pgDb.url,
      REDIS_URL: redis.url,
      JWT_SECRET: jwtSecret,
      FINGERPRINT_SECRET: jwtSecret,
      REGISTER_SECRET: jwtSecret,
      RATE_LIMIT_FACTOR: '1',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => server.stop());
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  /** A request with its status and how long it took. */
  async function timed(method: string, path: string, body?: unknown): Promise<{ status: number; ms: number }> {
    const started = Date.now();
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  }

  const contact = () =>
    timed('POST', '/api/contact', {
      firstname: 'Erika',
      lastname: 'Muster',
      company: 'Muster GmbH',
      email: 'erika@example.test',
      message: 'Bitte um Rückruf.',
    });
  const login = () => timed('POST', '/api/auth/local', { identifier: consultant.email, password: PASSWORD });
  const register = () => {
    ipCounter += 1;
    return timed('POST', '/api/auth/local/register', {
      username: `Firma Ausfall ${ipCounter}`,
      email: `ausfall-${ipCounter}-${Date.now()}@example.test`,
      password: 'Sicheres-Passwort-1',
      role: 'company',
    });
  };
  const rateLimitKeys = async () => {
    if (probe.status !== 'ready') await probe.connect().catch(() => undefined);
    return probe.keys('pb-rl:*');
  };
  const warnings = (pattern: RegExp) =>
    server
      .output()
      .split('\n')
      .filter((line) => pattern.test(line));

  it('When Redis is up, then the rate-limit counters live in Redis', async () => {
    expect((await contact()).status).toBe(201);
    expect((await login()).status).toBe(200);
    const keys = await rateLimitKeys();
    expect(keys.some((k) => k.includes('/api/contact'))).toBe(true);
    expect(keys.some((k) => k.includes('/api/auth/local'))).toBe(true);
  });

  it('When Redis is down, then login, register, contact and chat send answer normally (429 over the in-process limit), never 500, fast, with one warning', async () => {
    const onConsultant = await connectChat(server.url, consultant.token);
    const onCompany = await connectChat(server.url, company.token);
    sockets.push(onConsultant, onCompany);
    const received = new EventLog(onCompany, 'chat:message');

    probe.disconnect();
    await redis.stop();

    const results: Array<{ what: string; status: number; ms: number }> = [];
    const loginResult = await login();
    results.push({ what: 'login', ...loginResult });
    expect(loginResult.status).toBe(200);
    const registerResult = await register();
    results.push({ what: 'register', ...registerResult });
    expect(registerResult.status).toBe(200);

    // Contact: 5 per 10 minutes and address; the in-process fallback starts counting afresh.
    const contactStatuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const r = await contact();
      results.push({ what: 'contact', ...r });
      contactStatuses.push(r.status);
    }
    expect(contactStatuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(contactStatuses.slice(5)).toEqual([429, 429]);

    // Chat on this one instance: sent, acknowledged and delivered live without Redis.
    const started = Date.now();
    const ack = await onConsultant.timeout(FAST_MS).emitWithAck('chat:send', { chatId, message: 'Ohne Redis' });
    results.push({ what: 'chat:send', status: ack.ok ? 200 : ack.error.status, ms: Date.now() - started });
    expect(ack.ok).toBe(true);
    const [message] = await received.waitFor(1);
    expect(message).toMatchObject({ chatId, message: 'Ohne Redis' });

    // A REST chat message (rate limited too) while Redis is still away.
    const rest = await fetch(`${server.url}/api/chat-communications/${chatId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${company.token}` },
      body: JSON.stringify({ message: 'Auch über REST' }),
    });
    expect(rest.status).toBe(201);

    // Readiness names Redis as down but keeps the instance in the balancer: it serves without it.
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'degraded',
      database: { status: 'up' },
      redis: { status: 'down' },
    });

    for (const r of results) {
      expect(r.status, `${r.what}`).not.toBe(500);
      expect(r.ms, `${r.what} took ${r.ms} ms`).toBeLessThan(FAST_MS);
    }
    expect(server.exited(), server.output()).toBeNull();
    // One warning for the rate limits per outage, not one per request.
    expect(warnings(/rate limits.*in-process/i)).toHaveLength(1);
    expect(server.output()).not.toMatch(/"level":50|Unhandled|unhandled error/);
  });

  it('When Redis is back, then the counters are shared in Redis again and chat still works', async () => {
    await redis.start();
    expect(await rateLimitKeys()).toEqual([]);
    // The store probes Redis again after a short pause: within a few seconds counting is back there.
    const deadline = Date.now() + 15_000;
    let shared = false;
    while (!shared && Date.now() < deadline) {
      const r = await login();
      expect(r.status).not.toBe(500);
      shared = (await rateLimitKeys()).some((k) => k.includes('/api/auth/local'));
      if (!shared) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(shared).toBe(true);
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(await ready.json()).toMatchObject({ status: 'ok', redis: { status: 'up' } });
    const [onConsultant] = sockets;
    const ack = await onConsultant!.timeout(FAST_MS).emitWithAck('chat:send', { chatId, message: 'Wieder mit Redis' });
    expect(ack.ok).toBe(true);
    expect(server.exited(), server.output()).toBeNull();
    expect(server.output()).not.toMatch(/"level":50|Unhandled|unhandled error/);
  });

  it('When Redis is frozen (connected but silent), then requests still answer fast and chat still works', async () => {
    redis.freeze();
    try {
      for (let i = 0; i < 3; i += 1) {
        const r = await login();
        expect(r.status).toBe(200);
        expect(r.ms, `login took ${r.ms} ms`).toBeLessThan(FAST_MS);
      }
      const [onConsultant] = sockets;
      const ack = await onConsultant!.timeout(FAST_MS).emitWithAck('chat:send', { chatId, message: 'Redis steht' });
      expect(ack.ok).toBe(true);
    } finally {
      redis.thaw();
    }
    expect(server.exited(), server.output()).toBeNull();
    expect(server.output()).not.toMatch(/"level":50|Unhandled|unhandled error/);
  });
});
