import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { securityHeaders } from './security-headers';

/** The security headers, computed once (lib/security-headers), on every kind of answer. */
describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When helmet is asked for its defaults, then the recorded headers are the ones it sets', () => {
    const headers = securityHeaders({});
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it.each([
    ['a list', 'GET', '/api/jobs?pagination[limit]=1', 200],
    ['a refused query', 'GET', '/api/jobs?q=a', 401],
    ['a malformed body', 'POST', '/api/auth/local', 400],
    ['an unknown API path', 'GET', '/api/nothing-here', 404],
    ['a broken path (refused by the router, before any hook)', 'GET', '/api/jobs/%E0%A4%A', 400],
  ])('When %s is answered, then it carries the security headers', async (_name, method, url, status) => {
    const res = await ctx.request({
      method: method as 'GET' | 'POST',
      url,
      ...(method === 'POST' ? { payload: '{"identifier":', headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeTruthy();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
