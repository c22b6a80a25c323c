import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isIndexedPage } from '@pb/core';
import { usePublicConfig } from '../../lib/publicConfig';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import styles from './PublicLayout.module.css';

const SITE_NAME = 'Prämienbörse';

/**
 * The page's title, description, robots rule, canonical address and Open Graph tags. React puts
 * them into the document's head — in the server's HTML and on the client alike. A page is indexed
 * when its path is one of INDEXED_PAGE_PATHS (@pb/core), the list /sitemap.xml is made of: the two
 * cannot disagree. Pages for signed-in people (e-mail links: unsubscribe, data export) are not in it.
 */
function PageMeta({ title, description, canonical }: { title: string; description: string; canonical?: string }) {
  const { pathname } = useLocation();
  const indexed = isIndexedPage(pathname);
  const publicUrl = usePublicConfig().data?.publicUrl;
  const url = publicUrl === undefined ? undefined : `${publicUrl}${canonical ?? pathname}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={indexed ? 'index, follow' : 'noindex'} />
      {url && indexed ? <link rel="canonical" href={url} /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="de_AT" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
    </>
  );
}

/** Frame of the public pages: the head's metadata, skip link, top menu, content, footer. */
export function PublicLayout({
  title,
  description,
  canonical,
  onLanding = false,
  children,
}: {
  title: string;
  /** The meta description: what a search result shows under the title. */
  description: string;
  /** The page's own address when its query names a different page (`/public-consultants?page=2`); default: the path. */
  canonical?: string;
  onLanding?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="pb-public d-flex flex-column min-vh-100">
      <PageMeta title={title} description={description} canonical={canonical} />
      <a href="#inhalt" className="skip-link">
        Zum Inhalt springen
      </a>
      <PublicHeader onLanding={onLanding} />
      <main id="inhalt" tabIndex={-1} className="flex-grow-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** The heading block under the top menu: the page's title and an optional lead (legal pages, FAQ, directory). */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className={styles.pageHeader}>
      <div className="container">
        <h1 className="mb-2">{title}</h1>
        {lead ? <p className="lead mb-0">{lead}</p> : null}
      </div>
    </header>
  );
}

/** Heading block and readable column for the legal pages and the FAQ. */
export function DocumentPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <div className="container py-5">
        <div className={`${styles.prose} mx-auto`}>{children}</div>
      </div>
    </>
  );
}
