import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres';
import { buildWebOnce, startServerProcess, type ServerProcess } from './support/server-process';

/**
 * The server-rendered public pages (issue 29) while PostgreSQL is away, under the real server
 * process with the real web build: the landing answers the German 503 page with Retry-After —
 * a whole page, never a 500 or half an HTML document — and renders again once the database is back.
 */

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** No answer may wait longer than this while the database is away (connect timeout 1 s, render budget 2 s). */
const MAX_OUTAGE_ANSWER_MS = 3000;

interface Page {
  status: number;
  ms: number;
  headers: Headers;
  html: string;
}

async function get(base: string, pathname: string): Promise<Page> {
  const started = performance.now();
  const res = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(20_000) });
  const html = await res.text();
  return { status: res.status, ms: performance.now() - started, headers: res.headers, html };
}

/** A complete document: one html element from doctype to its end tag. */
function expectWholeDocument(html: string): void {
  expect(html.toLowerCase().startsWith('<!doctype html>')).toBe(true);
  expect(html.trimEnd().endsWith('</html>')).toBe(true);
  expect(html).toContain('lang="de-AT"');
}

function expectUnavailablePage(page: Page): void {
  expect(page.status).toBe(503);
  expect(page.headers.get('retry-after')).toBe('30');
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(page.headers.get('content-type')).toContain('text/html');
  expectWholeDocument(page.html);
  expect(page.html).toContain('Die Prämienbörse ist gerade nicht erreichbar');
  expect(page.ms).toBeLessThan(MAX_OUTAGE_ANSWER_MS);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('Public pages while PostgreSQL is away', () => {
  let database: OwnPostgres;
  let server: ServerProcess;

  beforeAll(async () => {
    buildWebOnce();
    database = await startOwnPostgres();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      WEB_DIST_DIR: WEB_DIST,
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '1500',
      DB_HEALTH_TIMEOUT_MS: '500',
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  it('When PostgreSQL stops, then the landing answers the German 503 page with Retry-After (the FAQ and legal pages still render), and renders again once it is back', async () => {
    const before = await get(server.url, '/');
    expect(before.status).toBe(200);
    expectWholeDocument(before.html);
    expect(before.html).toContain('Diese Stellen warten auf Ihre Kandidaten');

    await database.stop();
    expectUnavailablePage(await get(server.url, '/'));
    // The pages that need no data from the database still render.
    for (const pathname of ['/faq', '/imprint']) {
      const page = await get(server.url, pathname);
      expect(page.status).toBe(200);
      expectWholeDocument(page.html);
    }
    expect(server.exited(), server.output()).toBeNull();

    await database.start();
    const deadline = Date.now() + 20_000;
    let after = await get(server.url, '/');
    while (after.status !== 200 && Date.now() < deadline) {
      expect(after.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await get(server.url, '/');
    }
    expect(after.status).toBe(200);
    expectWholeDocument(after.html);
  });

  it('When PostgreSQL is frozen, then the landing answers within its budget: the 503 page or the client app, never a 500 or half a page', async () => {
    database.freeze();
    try {
      const page = await get(server.url, '/');
      console.info(`landing on a frozen database: ${page.status} after ${Math.round(page.ms)} ms`);
      expect([200, 503]).toContain(page.status);
      expectWholeDocument(page.html);
      expect(page.ms).toBeLessThan(MAX_OUTAGE_ANSWER_MS);
      if (page.status === 200) {
        // Over budget: the client app's shell, which loads its data itself once the database answers.
        expect(page.html).toContain('<div id="root"></div>');
      } else expectUnavailablePage(page);
    } finally {
      database.thaw();
    }
    expect(server.exited(), server.output()).toBeNull();
  });
});
