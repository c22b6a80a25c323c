import type { FastifyPluginAsync } from 'fastify';
import { INDEXED_PAGE_PATHS } from '@pb/core';
import { robotsTxt, sitemapXml } from './crawler-files';

/** Both change only with a release or PUBLIC_URL: crawlers may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * robots.txt and sitemap.xml for search engines (issue 29). The sitemap lists exactly the pages that
 * say `index` in their robots meta (INDEXED_PAGE_PATHS, @pb/core). Both are made once: robots.txt
 * at start, the sitemap at its first request.
 */
export const crawlerRoutes: FastifyPluginAsync = async (app) => {
  const robots = robotsTxt(app.config.publicUrl);
  let sitemap: Promise<string> | undefined;

  app.get(
    '/robots.txt',
    {
      config: { policy: 'visitor' },
      // Not part of the API: for crawlers, beside the pages.
      schema: { hide: true },
    },
    async (_request, reply) =>
      reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );

  app.get(
    '/sitemap.xml',
    {
      config: { policy: 'visitor' },
      schema: { hide: true },
    },
    async (_request, reply) => {
      sitemap ??= sitemapXml(app.config.publicUrl, INDEXED_PAGE_PATHS).catch((err: unknown) => {
        sitemap = undefined;
        throw err;
      });
      return reply
        .header('cache-control', CACHE_CONTROL)
        .type('application/xml; charset=utf-8')
        .send(await sitemap);
    },
  );
};
