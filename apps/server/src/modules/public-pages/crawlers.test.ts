import { readFileSync } from 'node:fs';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';
import { z } from 'zod';
import { INDEXED_PAGE_PATHS } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { SITEMAP_NAMESPACE, sitemapXml } from './crawler-files';

/**
 * robots.txt and sitemap.xml (issue 29), read the way crawlers read them: robots.txt by a robots
 * parser, the sitemap by an XML parser and validated against the sitemaps.org 0.9 schema (a copy
 * in test/fixtures, see its README). That the listed pages say `index` and the others `noindex` in
 * their HTML is the e2e suite's (server-rendered.spec.ts): it needs the real render.
 */
const XSD = readFileSync(new URL('../../../test/fixtures/sitemap-0.9.xsd', import.meta.url), 'utf8');

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [{ fileName: 'sitemap.xsd', contents: XSD }],
  });
  return result.errors.map((error) => error.message);
}

/** The sitemap as an XML parser reads it: a urlset of url elements with one loc each. */
const sitemapShape = z.object({
  urlset: z.object({
    '@xmlns': z.literal(SITEMAP_NAMESPACE),
    url: z.array(z.object({ loc: z.string() }).strict()),
  }),
});

describe('robots.txt and sitemap.xml', () => {
  let ctx: TestContext;
  let publicUrl: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    publicUrl = ctx.config.publicUrl;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a crawler reads robots.txt, then the public pages are allowed, the guarded area, back office and API not, and the sitemap is named by absolute URL', async () => {
    const res = await ctx.request({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const robots = robotsParser(`${publicUrl}/robots.txt`, res.body);
    for (const path of [...INDEXED_PAGE_PATHS, '/public-consultants?page=2', '/forgot-password']) {
      expect(robots.isAllowed(`${publicUrl}${path}`, 'Googlebot'), path).toBe(true);
    }
    for (const path of ['/advertisements', '/advertisements/view', '/admin', '/admin/users', '/api/jobs']) {
      expect(robots.isDisallowed(`${publicUrl}${path}`, 'Googlebot'), path).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${publicUrl}/sitemap.xml`]);
    expect((await ctx.request({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });

  it('When a crawler reads sitemap.xml, then it is valid against the sitemaps.org schema and lists exactly the indexed pages by absolute URL', async () => {
    const res = await ctx.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(await schemaErrors(res.body)).toEqual([]);
    const { urlset } = sitemapShape.parse(create(res.body).toObject());
    const locs = urlset.url.map((url) => url.loc);
    expect(locs).toEqual(INDEXED_PAGE_PATHS.map((path) => `${publicUrl}${path}`));
    for (const loc of locs) expect(new URL(loc).origin).toBe(new URL(publicUrl).origin);
    // Not the 404 page, nor the guarded area or the back office.
    expect(locs.some((loc) => /\/(404|advertisements|admin|api)(\/|$)/.test(new URL(loc).pathname))).toBe(false);
  });

  it('When the site lives under an address with characters XML reserves, then the sitemap escapes them and stays valid', async () => {
    const xml = await sitemapXml('https://example.at/a&b', ['/faq']);
    expect(xml).toContain('<loc>https://example.at/a&amp;b/faq</loc>');
    expect(await schemaErrors(xml)).toEqual([]);
    // The validator is no rubber stamp: a relative address is refused by the schema.
    expect(await schemaErrors(await sitemapXml('', ['/faq']))).not.toEqual([]);
  });
});
