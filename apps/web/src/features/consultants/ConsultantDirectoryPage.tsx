import { useEffect, useRef } from 'react';
import { Link, useNavigation, useRevalidator } from 'react-router';
import { LISTED_AGENCIES_PAGE_SIZE } from '@pb/core';
import { PageHeader, PublicLayout } from '../../components/public/PublicLayout';
import { directoryPageHref, useDirectoryPage } from './api/listedAgencies';
import { AgencyCard, AgencyGrid, AgencyGridItem, agencyHeadingId, NoAgencies } from './AgencyCard';

const TITLE = 'Öffentliche Personalberater';

/** How a visitor gets in touch: the addresses are for signed-in users only. */
function ContactHint() {
  return (
    <div className="card border-0 shadow-sm mb-4">
      <div className="card-body p-4 d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <p className="mb-0 flex-grow-1">
          <strong>Sie möchten Kontakt aufnehmen?</strong> Nach dem Einloggen sehen Sie die E-Mail-Adressen der
          Personalberater. Die Registrierung ist kostenlos.
        </p>
        <div className="d-flex flex-wrap gap-2 flex-shrink-0">
          <Link to="/login" className="btn btn-primary">
            Einloggen
          </Link>
          <Link to="/register" className="btn btn-outline-primary">
            Kostenlos registrieren
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Earlier and later pages of the directory (only when there is more than one). */
function PageLinks({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="d-flex flex-wrap align-items-center justify-content-center gap-3 mt-5" aria-label="Seiten">
      {page > 1 ? (
        <Link to={directoryPageHref(page - 1)} rel="prev" className="btn btn-outline-primary">
          Vorherige Seite
        </Link>
      ) : null}
      <span className="text-secondary">
        Seite {Math.min(page, pages)} von {pages}
      </span>
      {page < pages ? (
        <Link to={directoryPageHref(page + 1)} rel="next" className="btn btn-outline-primary">
          Nächste Seite
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The directory for visitors (/public-consultants, spec §2 "public consultants page"; since issue 31
 * one card per listed agency), rendered on the server from its loader's page of GET
 * /api/public-agencies and hydrated from the same data. Cards carry no e-mail address: getting in
 * touch needs an account.
 */
export function Component() {
  const { page, agencies } = useDirectoryPage();
  const revalidator = useRevalidator();
  const busy = useNavigation().state === 'loading';
  const total = agencies?.meta.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LISTED_AGENCIES_PAGE_SIZE));
  // Another page of the directory starts at its top (the page links sit below the list).
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo({ top: 0 });
  }, [page]);

  let content;
  if (agencies === null) {
    content = (
      <div className="alert alert-danger" role="alert">
        <p className="mb-3">Die Personalberater konnten gerade nicht geladen werden.</p>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void revalidator.revalidate()}>
          Erneut versuchen
        </button>
      </div>
    );
  } else if (total === 0) {
    content = <NoAgencies />;
  } else if (agencies.data.length === 0) {
    content = (
      <p className="mb-0">
        Diese Seite gibt es nicht (mehr). <Link to={directoryPageHref(1)}>Zur ersten Seite</Link>
      </p>
    );
  } else {
    content = (
      <AgencyGrid label={TITLE}>
        {agencies.data.map((agency) => (
          <AgencyGridItem key={agency.id}>
            <AgencyCard
              agency={agency}
              footer={
                <Link
                  to="/login"
                  className="btn btn-sm btn-outline-primary"
                  aria-describedby={agencyHeadingId(agency.id)}
                >
                  Einloggen und Kontakt aufnehmen
                </Link>
              }
            />
          </AgencyGridItem>
        ))}
      </AgencyGrid>
    );
  }

  return (
    <PublicLayout
      title={page > 1 ? `${TITLE} – Seite ${page} – Prämienbörse` : `${TITLE} – Prämienbörse`}
      description="Personalberater in Österreich, die auf der Prämienbörse Stellen mit Vermittlungsprämie besetzen: ihre Schwerpunkte und Leistungen auf einen Blick."
      canonical={directoryPageHref(page)}
    >
      <PageHeader
        title={TITLE}
        lead="Personalberater, die sich auf der Prämienbörse vorstellen – mit ihren Schwerpunkten und Leistungen."
      />
      <div className="container py-5" aria-busy={busy}>
        <ContactHint />
        {content}
        <PageLinks page={page} pages={pages} />
      </div>
    </PublicLayout>
  );
}
