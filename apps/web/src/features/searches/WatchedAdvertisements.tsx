import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { formatDate, formatPercent } from '@pb/core';
import { showSuccess } from '../../components/feedback/feedback';
import { useToggleWatch, useWatchedAdvertisements } from '../../components/searches/api';

/**
 * 'Gemerkte Inserate' (issue 32): the advertisements the consultant watches, newest first — a
 * deactivated one stays with its note, so its conversation is still found under Chat.
 */
export function WatchedAdvertisements() {
  const watched = useWatchedAdvertisements();
  const toggle = useToggleWatch();
  const list = watched.data ?? [];
  return (
    <section aria-labelledby="pb-watched" className="mt-5" data-testid="watched-advertisements">
      <h2 id="pb-watched" className="h4 mb-2">
        Gemerkte Inserate
      </h2>
      <p className="text-body-secondary">
        Mit „Merken“ bei einem Inserat erfahren Sie, wenn seine Prämie steigt oder es deaktiviert wird.
      </p>
      {watched.isError && <Alert variant="danger">{watched.error.message}</Alert>}
      {toggle.isError && <Alert variant="danger">{toggle.error.message}</Alert>}
      {watched.isSuccess && list.length === 0 && <p>Noch keine gemerkten Inserate.</p>}
      <ul className="list-unstyled d-grid gap-2">
        {list.map((advertisement) => (
          <li key={advertisement.id} className="card" data-testid={`watched-${advertisement.id}`}>
            <div className="card-body d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto text-break">
                {advertisement.active ? (
                  <Link to={`/advertisements/view?id=${advertisement.id}`} className="fw-semibold">
                    {advertisement.jobTitle}
                  </Link>
                ) : (
                  <span className="fw-semibold">{advertisement.jobTitle}</span>
                )}
                <div className="small text-body-secondary">
                  {advertisement.companyName ?? 'Unternehmen nicht mehr vorhanden'}
                  {advertisement.bonus !== null && (
                    <>
                      {' · '}
                      <span className="text-nowrap">Prämie {formatPercent(advertisement.bonus)}</span>
                    </>
                  )}{' '}
                  · gemerkt am {formatDate(advertisement.watchedAt)}
                </div>
              </div>
              {!advertisement.active && <span className="badge text-bg-secondary">Nicht mehr aktiv</span>}
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={toggle.isPending}
                onClick={() =>
                  toggle.mutate(
                    { jobId: advertisement.id, watch: false },
                    { onSuccess: () => showSuccess(`„${advertisement.jobTitle}“ ist nicht mehr gemerkt.`) },
                  )
                }
              >
                Nicht mehr merken
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
