/**
 * The public pages with content of their own: rendered on the server and indexed. The two lists
 * below are made of it, so a page added here is both.
 */
export const PUBLIC_CONTENT_PAGE_PATHS = [
  '/',
  '/public-consultants',
  '/faq',
  '/terms-and-conditions',
  '/privacy-policy',
  '/imprint',
] as const;

/** The public pages React renders on the server (issue 29, decision 0030); every other page is the client app. */
export const SERVER_RENDERED_PAGE_PATHS = [...PUBLIC_CONTENT_PAGE_PATHS, '/404'] as const;

/** The signed-in area and the back office: never indexed (X-Robots-Tag), disallowed in robots.txt. */
export const NOINDEX_AREAS = ['/advertisements', '/admin'] as const;

/** Whether `pathname` lies in one of the NOINDEX_AREAS ('/admin' and '/admin/…', not '/administration'). */
export function isNoindexArea(pathname: string): boolean {
  return NOINDEX_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/**
 * The pages search engines are asked to index (issue 29). Each carries
 * `<meta name="robots" content="index, follow">` (the web's PublicLayout decides by this list) and
 * is listed in /sitemap.xml (the server's public-pages module); every other page says noindex or is
 * not a public page at all (the guarded area and the back office also answer X-Robots-Tag: noindex).
 * The sign-in and the registration are pages to find; the other auth steps follow a link or a step.
 */
export const INDEXED_PAGE_PATHS = [...PUBLIC_CONTENT_PAGE_PATHS, '/login', '/register'] as const;

/** Whether the page at `pathname` is one to index (INDEXED_PAGE_PATHS; '/faq/' is not '/faq'). */
export function isIndexedPage(pathname: string): boolean {
  return (INDEXED_PAGE_PATHS as readonly string[]).includes(pathname);
}
