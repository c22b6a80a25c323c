import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_RENDERED_PAGE_PATHS } from '@pb/core';
import type { PageAssets } from './assets';
import type { PublicDataSource, ServerEntry } from './render';

/** A render that takes longer than this is aborted and the client app answers instead. */
export const RENDER_BUDGET_MS = 2_000;

/** The API answered a page's data request with something other than 200 (the database is away …). */
class DataUnavailable extends Error {
  constructor(readonly status: number) {
    super(`public page data: HTTP ${status}`);
  }
}

export interface PublicPagesOptions {
  entry: ServerEntry;
  assets: PageAssets;
  /** The answer's Content-Security-Policy, to which the page's nonce is added for React Router's hydration data. */
  contentSecurityPolicy: string;
  /** The client app's index.html: the answer when the render runs over its budget. */
  sendClientApp: (reply: FastifyReply) => FastifyReply;
  budgetMs?: number;
}

/**
 * GET of a public page: React renders it with its data (the API's own answers, through inject,
 * so the HTML holds exactly what the browser would have fetched) and the browser hydrates it.
 */
export function registerPublicPages(app: FastifyInstance, options: PublicPagesOptions): void {
  const { entry, assets, sendClientApp } = options;
  const budgetMs = options.budgetMs ?? RENDER_BUDGET_MS;

  // A visitor's view of the API (no session is passed on): what the browser would have fetched.
  const get = async (url: string): Promise<unknown> => {
    const answer = await app.inject({ method: 'GET', url });
    if (answer.statusCode !== 200) throw new DataUnavailable(answer.statusCode);
    return answer.json();
  };
  const source: PublicDataSource = {
    publicConfig: () => get('/api/public-config'),
    latestJobs: () => get(`/api${entry.latestJobsPath}`),
    listedAgencies: (start) => get(`/api${entry.listedAgenciesPath(start)}`),
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    const url = new URL(request.url, 'http://localhost');
    const budget = AbortSignal.timeout(budgetMs);
    let page;
    try {
      page = await entry.renderPage(new Request(url, { signal: budget }), source, assets, nonce, budget);
    } catch (error) {
      if (budget.aborted) {
        request.log.warn({ err: error, url: request.url }, 'public page render over budget: client app served');
        return sendClientApp(reply);
      }
      page = { kind: 'failed' as const, error };
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page.kind === 'failed') {
      request.log.error({ err: page.error, url: request.url }, 'public page data unavailable: 503 page');
      return reply
        .code(503)
        .header('retry-after', '30')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(await entry.renderUnavailable(assets));
    }
    return reply
      .code(url.pathname === '/404' ? 404 : page.status)
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        options.contentSecurityPolicy.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`),
      )
      .type('text/html; charset=utf-8')
      .send(page.html);
  };

  for (const path of SERVER_RENDERED_PAGE_PATHS) app.get(path, { config: { policy: 'visitor' } }, handler);
}
