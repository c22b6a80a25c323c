import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../lib/socket';
import { countPublishedSince, jobKeys, type BrowserFilters } from './api/jobs';

/**
 * 'N neue Inserate — anzeigen' (issue 13): while the browser is open, a publication
 * (`jobs:published`) is counted against the current filters since the list was last loaded,
 * instead of changing the list under the reader; `show` loads the list again. A new filter or a
 * reload starts the count afresh.
 */
export function useNewlyPublished(filters: BrowserFilters, loadedAt: number) {
  const client = useQueryClient();
  const key = `${JSON.stringify(filters)}|${loadedAt}`;
  const [found, setFound] = useState({ key: '', count: 0 });
  const current = useRef({ filters, loadedAt, key });
  useEffect(() => {
    current.current = { filters, loadedAt, key };
  }, [filters, loadedAt, key]);
  const onPublished = useCallback(() => {
    const { filters: f, loadedAt: at, key: k } = current.current;
    if (!at) return;
    countPublishedSince(f, new Date(at).toISOString())
      .then((count) => setFound({ key: k, count }))
      .catch(() => undefined);
  }, []);
  useServerEvent('jobs:published', onPublished);
  const show = useCallback(() => {
    setFound({ key: '', count: 0 });
    void client.invalidateQueries({ queryKey: jobKeys.all });
  }, [client]);
  return { count: found.key === key ? found.count : 0, show };
}
