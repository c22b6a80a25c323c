import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
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
    // As scripts/build.mjs leaves them: a brotli sibling next to the file.
    const bundle = `console.log(${JSON.stringify('Prämienbörse '.repeat(200))});`;
    writeFileSync(path.join(dist, 'assets', 'bundle-abcd.js'), bundle);
    writeFileSync(path.join(dist, 'assets', 'bundle-abcd.js.br'), brotliCompressSync(bundle));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

  it('When a hashed asset is requested, then it is cached for a year, pre-compressed when the client accepts brotli', async () => {
    const br = await ctx.request({
      method: 'GET',
      url: '/assets/bundle-abcd.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    const plain = await ctx.request({ method: 'GET', url: '/assets/bundle-abcd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Prämienbörse');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('When the page itself is requested, then it must be revalidated (a new release is seen at once)', async () => {
    for (const url of ['/', '/index.html', '/inserate']) {
      const res = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A file of the build without a content hash in its name: kept an hour.
    const icon = await ctx.request({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
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
