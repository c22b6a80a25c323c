/**
 * The pages search engines are asked to index (issue 29). Each carries
 * `<meta name="robots" content="index, follow">` (the web's PublicLayout decides by this list) and
 * is listed in /sitemap.xml (the server's public-pages module); every other page says noindex or is
 * not a public page at all (the guarded area and the back office also answer X-Robots-Tag: noindex).
 * The sign-in and the registration are pages to find; the other auth steps follow a link or a step.
 */
export const INDEXED_PAGE_PATHS = [
  '/',
  '/public-consultants',
  '/faq',
  '/terms-and-conditions',
  '/privacy-policy',
  '/imprint',
  '/login',
  '/register',
] as const;

/** Whether the page at `pathname` is one to index (INDEXED_PAGE_PATHS; '/faq/' is not '/faq'). */
export function isIndexedPage(pathname: string): boolean {
  return (INDEXED_PAGE_PATHS as readonly string[]).includes(pathname);
}
