import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { createTestContext, type TestContext } from './helpers';
import { createChatUser, type ChatUser } from './support/chat-fixtures';

/**
 * Issue 28, item 14: errors the HTTP layer answers before any route runs — Node's parser
 * (431 header fields too large, 400 malformed request) and Fastify's own (wrong content type,
 * body too large, malformed or empty JSON, bad content length) — answer the German error
 * envelope `{ data: null, error: { status, name, message, details } }` like every route does.
 * Node's parser errors happen before Fastify; they are answered in `clientErrorHandler`.
 */

let ctx: TestContext;
let port: number;
let consultant: ChatUser;

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes and reads until the server closes (or a complete answer is in). */
function rawExchange(request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer: ${Buffer.concat(chunks).toString('latin1').slice(0, 200)}`));
    }, 5000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${raw.toString('latin1')}`));
      const [statusLine, ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const bodyBytes = raw.subarray(split + 4);
      expect(Number(headers['content-length']), 'content-length counts the UTF-8 bytes').toBe(bodyBytes.length);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: bodyBytes.toString('utf8') });
    });
    socket.write(request);
  });
}

function expectEnvelope(res: RawResponse, status: number, message: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json; charset=utf-8/);
  const body = JSON.parse(res.body) as { data: unknown; error: Record<string, unknown> };
  expect(body).toEqual({ data: null, error: { status, name: expect.any(String), message, details: {} } });
  // Names like the app's own (ValidationError, NotFoundError …), never an internal code.
  expect(body.error['name']).toMatch(/^[A-Z][A-Za-z]+Error$/);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  consultant = await createChatUser(ctx.app, 'consultant');
});
afterAll(async () => {
  await ctx?.close();
});

describe("Errors of Node's HTTP parser", () => {
  it('When the request headers are larger than Node allows, then it answers 431 with the German error envelope', async () => {
    const res = await rawExchange(`GET /api/jobs HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(res, 431, MSG.headersTooLarge);
  });

  it('When the request line or a header is malformed, then it answers 400 with the German error envelope', async () => {
    const malformed = [
      'GARBAGE\r\n\r\n',
      'GET /api/jobs HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n',
      'GET /api/jobs HTTP/9.9\r\nHost: localhost\r\n\r\n',
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      'GET /api/jobs HTTP/1.1\r\nHost: local\u0001host\r\n\r\n',
    ];
    for (const request of malformed) {
      expectEnvelope(await rawExchange(request), 400, MSG.badRequest);
    }
  });
});

describe('Errors Fastify answers before a route runs', () => {
  const put = (headers: Record<string, string>, payload: string | Buffer) =>
    ctx.request({ method: 'PUT', url: `/api/users/${consultant.id}`, token: consultant.token, headers, payload });

  const expectInjected = (
    res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string },
    status: number,
    message: string,
  ) =>
    expectEnvelope(
      {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type']) },
        body: res.body,
      },
      status,
      message,
    );

  it('When the content type is not one we read, then it answers 415 in German', async () => {
    expectInjected(await put({ 'content-type': 'text/xml' }, '<a/>'), 415, MSG.unsupportedMediaType);
  });

  it('When the JSON is malformed or empty, then it answers 400 in German', async () => {
    expectInjected(await put({ 'content-type': 'application/json' }, '{"username":'), 400, MSG.badRequest);
    expectInjected(await put({ 'content-type': 'application/json' }, ''), 400, MSG.badRequest);
    expectInjected(await put({ 'content-type': 'application/json' }, '{"__proto__":{"x":1}}'), 400, MSG.badRequest);
  });

  it('When the body is larger than allowed, then it answers 413 in German', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1_100_000) });
    expectInjected(await put({ 'content-type': 'application/json' }, big), 413, MSG.requestTooLarge);
  });

  it('When the path is broken, then the router answers 400 in German', async () => {
    expectEnvelope(
      await rawExchange('GET /api/jobs/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      400,
      MSG.badRequest,
    );
  });
});
