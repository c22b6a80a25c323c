import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { mailOutbox } from '../../db/schema';
import { MailWorker } from '../mail/worker';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser } from '../../../test/support/chat-fixtures';
import { freePort } from '../../../test/support/ports';
import { connectChat, type ChatClient } from '../../../test/support/socket-client';

/** The value of the first sample of `name` whose labels include `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

async function enqueue(ctx: TestContext, count: number, createdAt?: Date): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await ctx.app.db.insert(mailOutbox).values({
      event: 'metrics.test',
      toAddress: `metrics-${i}@example.test`,
      subject: 'Test',
      textBody: 'Hallo',
      ...(createdAt ? { createdAt } : {}),
    });
  }
}

describe('GET /metrics without METRICS_TOKEN outside production', () => {
  let ctx: TestContext;
  let baseUrl: string;
  const sockets: ChatClient[] = [];
  const scrape = async () => {
    const res = await ctx.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx?.close();
  });

  it('When a few requests were served, then the scrape shows the request histogram by route pattern and status code', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/jobs/123' })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/jobs/456' })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/no-such-thing/789' })).statusCode).toBe(404);

    const res = await ctx.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['x-request-id']).toBeTruthy();
    const text = res.body;
    const count = (route: string, status: string) =>
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status });
    expect(count('/api/health/live', '200')).toBe(1);
    expect(count('/api/jobs/:id', '401')).toBe(2);
    expect(count('unmatched', '404')).toBe(1);
    expect(text).not.toContain('/api/jobs/123');
    expect(text).not.toContain('no-such-thing');
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { route: '/api/jobs/:id', status_code: '401', le: '+Inf' }),
    ).toBe(2);
    // Process metrics and event-loop lag, prefixed.
    expect(sample(text, 'pb_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'pb_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'pb_mail_send_failures_total')).toBe(0);
  });

  it('When pending mails are queued, then the outbox gauges show how many and the age of the oldest', async () => {
    await ctx.database.query('DELETE FROM mail_outbox');
    expect(sample(await scrape(), 'pb_mail_outbox_pending')).toBe(0);
    expect(sample(await scrape(), 'pb_mail_outbox_oldest_pending_age_seconds')).toBe(0);

    await enqueue(ctx, 2);
    await enqueue(ctx, 1, new Date(Date.now() - 5 * 60_000));
    await enqueue(ctx, 1);
    // Delivered and parked mails are not pending.
    const [sent] = await ctx.app.db.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
    await ctx.database.query(`UPDATE mail_outbox SET status = 'sent' WHERE id = $1`, [sent?.id]);
    await enqueue(ctx, 1, new Date(Date.now() - 60 * 60_000));
    await ctx.database.query(`UPDATE mail_outbox SET status = 'dead' WHERE created_at < now() - interval '30 minutes'`);

    const text = await scrape();
    expect(sample(text, 'pb_mail_outbox_pending')).toBe(3);
    const age = sample(text, 'pb_mail_outbox_oldest_pending_age_seconds') ?? 0;
    expect(age).toBeGreaterThanOrEqual(299);
    expect(age).toBeLessThan(360);
  });

  it('When the database query hangs, then the scrape still answers 200 in time, without the outbox gauges', async () => {
    await scrape();
    const query = ctx.database.query;
    ctx.database.query = () => new Promise(() => undefined);
    try {
      const started = performance.now();
      const text = await scrape();
      expect(performance.now() - started).toBeLessThan(ctx.config.dbTimeouts.healthMs + 500);
      expect(sample(text, 'pb_mail_outbox_pending')).toBeUndefined();
      expect(sample(text, 'pb_mail_outbox_oldest_pending_age_seconds')).toBeUndefined();
      expect(sample(text, 'http_request_duration_seconds_count', { route: '/metrics' })).toBeGreaterThan(0);

      ctx.database.query = () => Promise.reject(new Error('connection refused'));
      expect(sample(await scrape(), 'pb_mail_outbox_pending')).toBeUndefined();
    } finally {
      ctx.database.query = query;
    }
    expect(sample(await scrape(), 'pb_mail_outbox_pending')).toBeGreaterThanOrEqual(0);
  });

  it('When a Socket.IO client is connected, then the socket gauge counts it, and no longer once it left', async () => {
    expect(sample(await scrape(), 'pb_chat_connected_sockets')).toBe(0);
    const user = await createChatUser(ctx.app, 'consultant');
    const socket = await connectChat(baseUrl, user.token);
    sockets.push(socket);
    expect(sample(await scrape(), 'pb_chat_connected_sockets')).toBe(1);

    socket.close();
    const deadline = Date.now() + 5000;
    let connected = sample(await scrape(), 'pb_chat_connected_sockets');
    while (connected !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      connected = sample(await scrape(), 'pb_chat_connected_sockets');
    }
    expect(connected).toBe(0);
  });

  it('When the database is PostgreSQL, then the pool gauges are shown; on PGlite (no pool) they are left out', async () => {
    const text = await scrape();
    if (ctx.database.driver === 'postgres') {
      expect(sample(text, 'pb_db_pool_max_connections')).toBe(5);
      expect(sample(text, 'pb_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'pb_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pb_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('pb_db_pool_');
    }
  });

  it('When the mail worker cannot deliver (SMTP refuses or is unreachable), then the failure counter counts each attempt', async () => {
    await ctx.database.query('DELETE FROM mail_outbox');
    const failures: unknown[] = [];
    const worker = (smtpUrl: string) =>
      new MailWorker({
        db: ctx.database.db,
        log: ctx.app.log,
        smtpUrl,
        from: ctx.config.mailFrom,
        // What main.ts passes, plus a record for this test.
        onSendFailure: (err) => {
          failures.push(err);
          ctx.app.metrics.mailSendFailed();
        },
      });

    await enqueue(ctx, 1);
    ctx.smtp.failNext(1);
    const refusing = worker(ctx.smtp.url);
    expect(await refusing.runOnce()).toBe(0);
    await refusing.stop();
    expect(failures).toHaveLength(1);
    expect(sample(await scrape(), 'pb_mail_send_failures_total')).toBe(1);

    await enqueue(ctx, 1);
    const unreachable = worker(`smtp://127.0.0.1:${await freePort()}`);
    expect(await unreachable.runOnce()).toBe(0);
    await unreachable.stop();
    expect(failures).toHaveLength(2);
    expect(sample(await scrape(), 'pb_mail_send_failures_total')).toBe(2);

    // A delivered mail does not count.
    await ctx.database.query(`UPDATE mail_outbox SET next_attempt_at = now()`);
    const healthy = worker(ctx.smtp.url);
    expect(await healthy.runOnce()).toBe(2);
    await healthy.stop();
    expect(sample(await scrape(), 'pb_mail_send_failures_total')).toBe(2);
  });

  it('When the caller is not on this machine, then /metrics is hidden (404) like the dev mailbox', async () => {
    const res = await ctx.request({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      data: null,
      error: { status: 404, name: 'NotFoundError', message: MSG.notFound, details: {} },
    });
  });
});

describe('GET /metrics in production', () => {
  const token = randomBytes(24).toString('hex');
  const production = {
    NODE_ENV: 'production',
    FINGERPRINT_SECRET: randomBytes(32).toString('hex'),
    REGISTER_SECRET: randomBytes(32).toString('hex'),
  };
  let withToken: TestContext;
  let withoutToken: TestContext;
  beforeAll(async () => {
    withToken = await createTestContext({ env: { ...production, METRICS_TOKEN: token } });
    withoutToken = await createTestContext({ env: production });
  });
  afterAll(async () => {
    await withToken?.close();
    await withoutToken?.close();
  });

  it('When METRICS_TOKEN is set, then a scrape without it or with a wrong one is 401 and with it 200 (from anywhere)', async () => {
    const unauthorized = {
      data: null,
      error: { status: 401, name: 'UnauthorizedError', message: MSG.unauthorized, details: {} },
    };
    const missing = await withToken.request({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(unauthorized);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    for (const wrong of [`${token}x`, token.slice(1), 'x'.repeat(token.length)]) {
      const res = await withToken.request({ method: 'GET', url: '/metrics', token: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthorized);
    }
    const basic = await withToken.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${token}` },
    });
    expect(basic.statusCode).toBe(401);

    const ok = await withToken.request({ method: 'GET', url: '/metrics', token, remoteAddress: '203.0.113.7' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(ok.body, 'http_request_duration_seconds_count', { route: '/metrics', status_code: '401' })).toBe(5);
  });

  it('When METRICS_TOKEN is not set, then /metrics answers 404 (metrics off), even on loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.7']) {
      const res = await withoutToken.request({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ data: null, error: { status: 404, message: MSG.notFound } });
    }
  });
});
