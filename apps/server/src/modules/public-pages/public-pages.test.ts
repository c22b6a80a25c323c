import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageAssets } from './assets';
import type { RenderedPage, ServerEntry } from './render';
import { registerPublicPages } from './routes';

/**
 * The server's side of the rendered public pages (issue 29) with a stand-in for the web build's
 * entry: what it answers when the page's data is unavailable, when the render runs over its
 * budget, and the CSP nonce of a rendered page. The real render is the e2e suite's
 * (server-rendered.spec.ts).
 */
const ASSETS: PageAssets = { entry: '/assets/index.js', styles: [], modulePreloads: [], routePreload: null };
const CSP = "default-src 'self';script-src 'self';style-src 'self'";

/** Renders the landing's data the way the real entry does: a failed loader is 'failed', never a throw. */
function entryReading(delayMs = 0): ServerEntry {
  return {
    latestJobsPath: '/jobs?sort=createdAt:desc',
    listedAgenciesPath: (start) => `/public-agencies?pagination[start]=${start}`,
    async renderPage(_request, source, _assets, nonce, signal): Promise<RenderedPage> {
      try {
        const jobs = await source.latestJobs(signal);
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, delayMs);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
        });
        return {
          kind: 'page',
          status: 200,
          html: `<html><script nonce="${nonce}"></script>${JSON.stringify(jobs)}</html>`,
        };
      } catch (error) {
        if (signal.aborted) throw error;
        return { kind: 'failed', error };
      }
    },
    renderUnavailable: () =>
      Promise.resolve('<html lang="de-AT"><h1>Die Prämienbörse ist gerade nicht erreichbar</h1></html>'),
  };
}

async function appWith(entry: ServerEntry, jobsStatus: number, budgetMs?: number): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/api/jobs', async (_request, reply) => reply.code(jobsStatus).send({ data: [{ id: 1, jobTitle: 'Koch' }] }));
  app.get('/api/public-config', async () => ({ publicUrl: 'http://localhost' }));
  registerPublicPages(app, {
    entry,
    assets: ASSETS,
    contentSecurityPolicy: CSP,
    sendClientApp: (reply) => reply.code(200).type('text/html').send('<html>client app</html>'),
    ...(budgetMs === undefined ? {} : { budgetMs }),
  });
  await app.ready();
  return app;
}

describe('public pages rendered on the server', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('When the page renders, then the answer is HTML with a script nonce the CSP allows and nothing else inline', async () => {
    app = await appWith(entryReading(), 200);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' 'nonce-${nonce}';style-src 'self'`,
    );
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(/nonce="([^"]+)"/.exec(second.body)?.[1]).not.toBe(nonce);
  });

  it('When the database is away and the list cannot be read, then the German 503 page answers with Retry-After, never a 500', async () => {
    app = await appWith(entryReading(), 503);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Die Prämienbörse ist gerade nicht erreichbar');
  });

  it('When the render runs over its budget, then the client app answers in time instead of a half page', async () => {
    app = await appWith(entryReading(5_000), 200, 200);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/faq' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<html>client app</html>');
    // Answered when the budget ran out, not when the render would have finished.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('When /404 is rendered, then the answer says 404', async () => {
    app = await appWith(entryReading(), 200);
    const res = await app.inject({ method: 'GET', url: '/404' });
    expect(res.statusCode).toBe(404);
  });
});
