import { useEffect, type ReactNode } from 'react';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** Frame of the public pages: skip link, top menu, content, footer. Sets the document title. */
export function PublicLayout({
  title,
  onLanding = false,
  children,
}: {
  title: string;
  onLanding?: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="pb-public d-flex flex-column min-vh-100">
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
      <header className="pb-page-header">
        <div className="container">
          <h1 className="mb-2">{title}</h1>
          {lead ? <p className="lead mb-0">{lead}</p> : null}
        </div>
      </header>
      <div className="container py-5">
        <div className="pb-prose mx-auto">{children}</div>
      </div>
    </>
  );
}
