import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { multipartBody } from './support/multipart';
import { createJob, createChatUser, insertConversation, minimalPdf } from './support/chat-fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * HTTP timeouts on a real listening server (net.connect, no inject): a slow but
 * steady 5 × 5 MB upload gets through, while connections that dribble headers or
 * a body, or say nothing at all, are closed instead of being held forever.
 */

const HEADERS_MS = 1000;
const IDLE_MS = 1000;
const KEEP_ALIVE_MS = 1000;
/** Node checks header/request deadlines periodically; allow for that and a slow CI machine. */
const SLACK_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Connection {
  socket: net.Socket;
  received: () => string;
  /** Resolves with the ms from `since` to the close, or null if still open after `limitMs`. */
  closedWithin(limitMs: number, since?: number): Promise<number | null>;
}

/** Every socket a test opened; destroyed after each test so the server can close. */
const sockets: net.Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

async function open(port: number): Promise<Connection> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  return {
    socket,
    received: () => data,
    async closedWithin(limitMs, since = performance.now()) {
      const at = await Promise.race([closed, sleep(limitMs).then(() => null)]);
      return at === null ? null : at - since;
    },
  };
}

/** Writes `bytes` one at a time every `everyMs` until the socket closes or `stop()` is called. */
function dribble(socket: net.Socket, bytes: string, everyMs: number): { stop: () => void } {
  let i = 0;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || socket.destroyed) return clearInterval(timer);
    socket.write(bytes[i % bytes.length]!);
    i += 1;
  }, everyMs);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

async function listen(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('HTTP timeouts on a listening server', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
        HTTP_REQUEST_TIMEOUT_MS: '60000',
      },
    });
    port = await listen(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When headers are dribbled byte by byte (slow-loris), then the connection is closed after the headers timeout', async () => {
    const conn = await open(port);
    const started = performance.now();
    conn.socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = dribble(conn.socket, 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n', 100);
    const closedAfter = await conn.closedWithin(HEADERS_MS + SLACK_MS + 1000, started);
    drip.stop();
    expect(closedAfter, 'connection still open').not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  });

  it('When a client connects and sends nothing, then the connection is closed', async () => {
    const conn = await open(port);
    const closedAfter = await conn.closedWithin(HEADERS_MS + SLACK_MS + 1000);
    expect(closedAfter, 'connection still open').not.toBeNull();
  });

  it('When a body stalls longer than the idle timeout, then the connection is closed', async () => {
    const conn = await open(port);
    const started = performance.now();
    conn.socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"a":',
    );
    // One byte every 1.5 s: never a whole request, silent longer than the idle timeout each time.
    const drip = dribble(conn.socket, '"', IDLE_MS + 500);
    const closedAfter = await conn.closedWithin(IDLE_MS + SLACK_MS + 1000, started);
    drip.stop();
    expect(closedAfter, 'connection still open').not.toBeNull();
  });

  it('When a keep-alive connection sits idle after a response, then it is closed after the keep-alive timeout', async () => {
    const conn = await open(port);
    conn.socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    for (let i = 0; i < 50 && !conn.received().includes('\r\n\r\n'); i += 1) await sleep(20);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
    const closedAfter = await conn.closedWithin(KEEP_ALIVE_MS + SLACK_MS);
    expect(closedAfter, 'connection still open').not.toBeNull();
  });

  it('When a chat message with 5 × 5 MB files arrives slowly but steadily, then it is stored (201), past every short timeout', async () => {
    const company = await createChatUser(ctx.app, 'company');
    const consultant = await createChatUser(ctx.app, 'consultant');
    const job = await createJob(ctx.app.db, company.id);
    const chat = {
      id: await insertConversation(ctx.app.db, { jobId: job.id, consultantId: consultant.id, companyId: company.id }),
    };
    const files = Array.from({ length: 5 }, (_, i) => ({
      name: `Unterlagen-${i + 1}.pdf`,
      data: minimalPdf('x'.repeat(5_000_000)),
    }));
    const { payload, headers } = multipartBody(files, { message: 'Alle Unterlagen' });
    expect(payload.length).toBeGreaterThan(25_000_000);

    const conn = await open(port);
    const started = performance.now();
    conn.socket.write(
      [
        `POST /api/chat-communications/${chat!.id}/messages HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: Bearer ${consultant.token}`,
        `Content-Type: ${headers['content-type']}`,
        `Content-Length: ${payload.length}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
    // ~1 MB every 250 ms: the body takes several times the headers and idle timeouts.
    const CHUNK = 1_000_000;
    for (let offset = 0; offset < payload.length; offset += CHUNK) {
      await new Promise<void>((resolve, reject) =>
        conn.socket.write(payload.subarray(offset, offset + CHUNK), (err) => (err ? reject(err) : resolve())),
      );
      await sleep(250);
    }
    const closedAfter = await conn.closedWithin(20_000, started);
    expect(closedAfter).not.toBeNull();
    expect(closedAfter!).toBeGreaterThan(3 * Math.max(HEADERS_MS, IDLE_MS));
    expect(conn.received()).toMatch(/^HTTP\/1\.1 201/);
    const body = JSON.parse(conn.received().split('\r\n\r\n')[1] ?? '{}') as {
      data: { files: Array<{ size: number }> };
    };
    expect(body.data.files).toHaveLength(5);
    expect(body.data.files.every((f) => f.size === files[0]!.data.length)).toBe(true);
  });
});

describe('HTTP request timeout', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_IDLE_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '2000' },
    });
    port = await listen(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a body is dribbled just fast enough to never be idle, then the request timeout closes it', async () => {
    const conn = await open(port);
    const started = performance.now();
    conn.socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"',
    );
    const drip = dribble(conn.socket, 'b', 200);
    const closedAfter = await conn.closedWithin(2000 + SLACK_MS + 1000, started);
    drip.stop();
    expect(closedAfter, 'connection still open').not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(1950);
    // Node answers 408 before closing when nothing was sent yet: the German error envelope.
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408|^$/);
    if (conn.received()) {
      const body = conn.received().slice(conn.received().indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({
        data: null,
        error: { status: 408, name: 'RequestTimeoutError', message: MSG.requestTimeout, details: {} },
      });
    }
  });
});
