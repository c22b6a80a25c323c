import { NOINDEX_AREAS } from '@pb/core';

/** The sitemaps.org protocol's namespace (https://www.sitemaps.org/protocol.html). */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Where crawlers have nothing to find: the guarded area and the back office (their pages also
 * answer X-Robots-Tag: noindex, app.ts) and the API.
 */
export const CRAWLER_DISALLOWED = [...NOINDEX_AREAS, '/api/'] as const;

/** A page's absolute address, as its canonical link names it (PublicLayout): PUBLIC_URL + path. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
}

/** robots.txt: everything public may be crawled, the areas above not; the sitemap by absolute URL. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...CRAWLER_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** sitemap.xml (sitemaps.org 0.9) of the pages to index, built by an XML library: names and text are escaped by it. */
export async function sitemapXml(publicUrl: string, paths: readonly string[]): Promise<string> {
  // The XML library loads when a crawler first asks, not at start.
  const { create } = await import('xmlbuilder2');
  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele(SITEMAP_NAMESPACE, 'urlset');
  for (const path of paths) urlset.ele('url').ele('loc').txt(absoluteUrl(publicUrl, path));
  return urlset.end({ prettyPrint: true });
}
