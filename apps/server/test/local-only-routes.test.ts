import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/**
 * Issue 28, item 12: the dev mailbox (every reset link) and /metrics without a token answer
 * "this machine" only. Behind a balancer on the same machine every request arrives from
 * loopback, so the socket's address alone proves nothing: a request that names a proxy
 * (Forwarded, X-Forwarded-*, X-Real-IP, Via) or arrives while TRUST_PROXY says a proxy is in
 * front is never local.
 */

const LOCAL_ONLY = ['/dev/mail', '/dev/mail.json', '/metrics', '/%6detrics', '/%64ev/mail'];

const PROXY_HEADERS: Array<Record<string, string>> = [
  { 'x-forwarded-for': '203.0.113.7' },
  { 'x-forwarded-for': '127.0.0.1' },
  { forwarded: 'for=203.0.113.7;proto=https' },
  { 'x-real-ip': '203.0.113.7' },
  { 'x-forwarded-host': 'praemienboerse.at' },
  { 'x-forwarded-proto': 'https' },
  { via: '1.1 haproxy' },
];

let direct: TestContext;
let behindBalancer: TestContext;

beforeAll(async () => {
  direct = await createTestContext();
  behindBalancer = await createTestContext({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await direct?.close();
  await behindBalancer?.close();
});

describe('Local-only routes behind a proxy', () => {
  it('When /dev/mail or /metrics come from loopback straight, then they answer 200', async () => {
    for (const url of LOCAL_ONLY) {
      const res = await direct.request({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('When /dev/mail or /metrics come from loopback with a proxy header, then they answer the ordinary 404', async () => {
    for (const url of LOCAL_ONLY) {
      for (const headers of PROXY_HEADERS) {
        const res = await direct.request({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.json()).toMatchObject({ data: null, error: { status: 404, name: 'NotFoundError' } });
      }
    }
  });

  it('When TRUST_PROXY is on, then a loopback request without proxy headers is not local either', async () => {
    for (const url of LOCAL_ONLY) {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const res = await behindBalancer.request({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
      }
    }
  });
});
