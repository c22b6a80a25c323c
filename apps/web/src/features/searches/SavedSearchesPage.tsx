import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { MAX_SAVED_SEARCHES, SEARCH_FREQUENCY_LABELS, type District, type SavedSearch } from '@pb/core';
import { useDeleteSearch, useSaveSearch, useSavedSearches } from '../../components/searches/api';
import { filterSummary } from '../../components/searches/summary';
import { api } from '../../lib/http';
import { useQuery } from '@tanstack/react-query';
import { SaveSearchModal } from '../../components/searches/SaveSearchModal';
import { ConfirmModal } from '../../components/FormModal';
import { WatchedAdvertisements } from './WatchedAdvertisements';

/** The browser's URL for a saved search's filters ('Anzeigen'). */
function browserLink(search: SavedSearch): string {
  const f = search.filters;
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.districts?.length) params.set('districts', f.districts.join(','));
  if (f.states?.length) params.set('states', f.states.join(','));
  if (f.minBonus !== undefined) params.set('minBonus', String(f.minBonus));
  if (f.minBonusEuros !== undefined) params.set('minBonusEuros', String(f.minBonusEuros));
  if (f.workingTime) params.set('workingTime', f.workingTime);
  if (f.respondsWithin !== undefined) params.set('respondsWithin', String(f.respondsWithin));
  const query = params.toString();
  return `/advertisements/view${query ? `?${query}` : ''}`;
}

/**
 * 'Meine Suchaufträge' (issue 13): each saved search with its filters in words, frequency and
 * the number of advertisements that match now; edit, pause or resume, delete.
 */
export function Component() {
  const searches = useSavedSearches();
  const save = useSaveSearch();
  const remove = useDeleteSearch();
  const districts = useQuery({
    queryKey: ['districts', 'all'],
    queryFn: ({ signal }) => api<{ data: District[] }>('/districts?pagination[limit]=500', { signal }),
  });
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const list = searches.data?.data ?? [];
  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      <h1 className="h3 mb-2">Meine Suchaufträge</h1>
      <p className="text-body-secondary">
        Speichern Sie Suchen unter „Inserate anzeigen“ mit „Suche speichern“ (höchstens {MAX_SAVED_SEARCHES}). Neue
        passende Inserate melden wir sofort oder einmal täglich um 07:00 – bei der Glocke und per E-Mail.
      </p>
      {searches.isPending && <Spinner animation="border" role="status" aria-label="Wird geladen" />}
      {searches.isError && <Alert variant="danger">{searches.error.message}</Alert>}
      {(save.isError || remove.isError) && <Alert variant="danger">{(save.error ?? remove.error)?.message}</Alert>}
      {searches.isSuccess && list.length === 0 && (
        <p>
          Noch keine Suchaufträge. <Link to="/advertisements/view">Zu den Inseraten</Link>
        </p>
      )}
      <ul className="list-unstyled">
        {list.map((search) => (
          <li key={search.id} className="card mb-3" data-testid={`search-${search.id}`}>
            <div className="card-body">
              <div className="d-flex flex-wrap align-items-baseline gap-2">
                <h2 className="h5 mb-0 me-auto">{search.name}</h2>
                {search.paused && <span className="badge text-bg-secondary">Pausiert</span>}
                <span className="small text-body-secondary">{SEARCH_FREQUENCY_LABELS[search.frequency]}</span>
              </div>
              <p className="mb-2">{filterSummary(search.filters, districts.data?.data ?? [])}</p>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <Link to={browserLink(search)} className="btn btn-sm btn-outline-primary">
                  {search.matches === 1 ? '1 Inserat' : `${search.matches} Inserate`} anzeigen
                </Link>
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing(search)}>
                  Bearbeiten
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate({
                      id: search.id,
                      name: search.name,
                      filters: search.filters,
                      frequency: search.frequency,
                      paused: !search.paused,
                    })
                  }
                >
                  {search.paused ? 'Fortsetzen' : 'Pausieren'}
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => setDeleting(search)}>
                  Löschen
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <SaveSearchModal
          filters={editing.filters}
          initialName={editing.name}
          search={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <WatchedAdvertisements />
      {deleting && (
        <ConfirmModal
          title="Suchauftrag löschen"
          titleId="pb-delete-search-title"
          onClose={() => setDeleting(null)}
          confirmLabel="Löschen"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        >
          „{deleting.name}“ wird gelöscht. Sie erhalten dazu keine Benachrichtigungen mehr.
        </ConfirmModal>
      )}
    </div>
  );
}
