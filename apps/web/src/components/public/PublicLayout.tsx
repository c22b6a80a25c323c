import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/publicConfig';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import styles from './PublicLayout.module.css';

const SITE_NAME = 'Prämienbörse';

/**
 * The page's title, description, canonical address and Open Graph tags. React puts them into the
 * document's head — in the server's HTML and on the client alike. Pages for signed-in people
 * (e-mail links: unsubscribe, data export) are never indexed.
 */
function PageMeta({ title, description, indexed }: { title: string; description: string; indexed: boolean }) {
  const { pathname } = useLocation();
  const publicUrl = usePublicConfig().data?.publicUrl;
  const url = publicUrl === undefined ? undefined : `${publicUrl}${pathname}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {indexed ? null : <meta name="robots" content="noindex" />}
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
  indexed = true,
  onLanding = false,
  children,
}: {
  title: string;
  /** The meta description: what a search result shows under the title. */
  description: string;
  /** false: a page a visitor reaches only from an e-mail or with an account (noindex). */
  indexed?: boolean;
  onLanding?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="pb-public d-flex flex-column min-vh-100">
      <PageMeta title={title} description={description} indexed={indexed} />
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

/** Heading block and readable column for the legal pages and the FAQ. */
export function DocumentPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className={styles.pageHeader}>
        <div className="container">
          <h1 className="mb-2">{title}</h1>
          {lead ? <p className="lead mb-0">{lead}</p> : null}
        </div>
      </header>
      <div className="container py-5">
        <div className={`${styles.prose} mx-auto`}>{children}</div>
      </div>
    </>
  );
}
