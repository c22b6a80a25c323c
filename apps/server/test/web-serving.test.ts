import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/** The built web app next to the API (app.ts: static files and the SPA fallback). */
describe('Web app serving', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pb-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Prämienbörse</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1);');
    ctx = await createTestContext({ webDistDir: dist });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('When a client route is requested with GET or HEAD, then the SPA index answers 200', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.request({ method, url: '/inserate/12?tab=1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('When a missing file (an old hashed asset) is requested, then it answers 404, not the HTML index', async () => {
    expect((await ctx.request({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app-9999.js', '/favicon.ico', '/assets/']) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
    }
  });

  it('When an unknown /api path is requested, then it answers 404 in the error shape', async () => {
    for (const url of ['/api/nope', '/api', '/api/']) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ data: null, error: { status: 404, name: 'NotFoundError' } });
    }
  });
});
