import { useEffect } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { MSG } from '@pb/core';
import { ApiError } from '../../lib/http';
import { useAgencies } from './api/agencies';
import { organisationPagePath } from '../../components/trust/links';
import { AgencyCard, AgencyGrid, AgencyGridItem, agencyHeadingId, NoAgencies } from './AgencyCard';

const TITLE = 'Öffentliche Personalberater';

/**
 * Public consultants page of the signed-in area (spec §2): one card per listed agency (issue 31),
 * with the mailto link of its contact address and (issue 36) the link to its page with its figures
 * and ratings; 'Mehr laden' brings the next page.
 */
export function Component() {
  const agencies = useAgencies();
  const loaded = agencies.data?.pages.flatMap((page) => page.data) ?? [];
  const total = agencies.data?.pages.at(-1)?.meta.pagination.total ?? loaded.length;
  const nextPageError = agencies.isFetchNextPageError ? agencies.error : null;

  useEffect(() => {
    document.title = `${TITLE} – Prämienbörse`;
  }, []);

  return (
    <div className="container py-4 py-md-5">
      <header className="mb-4">
        <h1 className="h3 mb-1">{TITLE}</h1>
        <p className="text-secondary mb-0">
          Personalvermittlungen, die ihr Profil veröffentlicht haben – kontaktieren Sie sie direkt per E-Mail.
        </p>
      </header>
      {agencies.isPending ? (
        <div className="d-flex align-items-center gap-2 text-secondary" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" /> Personalberater werden geladen …
        </div>
      ) : agencies.isError ? (
        <Alert variant="danger">{agencies.error instanceof ApiError ? agencies.error.message : MSG.internal}</Alert>
      ) : loaded.length === 0 ? (
        <NoAgencies />
      ) : (
        <>
          <AgencyGrid label={TITLE}>
            {loaded.map((agency) => (
              <AgencyGridItem key={agency.id}>
                <AgencyCard
                  agency={agency}
                  contactEmail={agency.contactEmail}
                  footer={
                    <Link
                      to={organisationPagePath(agency.id)}
                      className="btn btn-sm btn-outline-primary"
                      aria-describedby={agencyHeadingId(agency.id)}
                    >
                      Profil und Kennzahlen
                    </Link>
                  }
                />
              </AgencyGridItem>
            ))}
          </AgencyGrid>
          <div className="d-flex flex-column align-items-center gap-2 mt-4">
            <p className="text-secondary small mb-0" aria-live="polite">
              {loaded.length} von {total} Personalvermittlungen
            </p>
            {agencies.hasNextPage ? (
              <Button
                variant="outline-primary"
                onClick={() => void agencies.fetchNextPage()}
                disabled={agencies.isFetchingNextPage}
              >
                {agencies.isFetchingNextPage ? (
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                ) : null}
                Mehr laden
              </Button>
            ) : null}
            {nextPageError ? (
              <Alert variant="danger" className="mb-0">
                {nextPageError instanceof ApiError ? nextPageError.message : MSG.internal}
              </Alert>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
