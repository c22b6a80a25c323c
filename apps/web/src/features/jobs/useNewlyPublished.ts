import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { coalesce } from '../../lib/coalesce';
import { useServerEvent } from '../../lib/socket';
import { countPublishedSince, jobKeys, type BrowserFilters } from './api/jobs';

/**
 * Publications heard within this time are counted with one request: every advertisement
 * published anywhere reaches every open browser, and a burst (a company publishing twenty at
 * once) must not become twenty requests from each tab.
 */
const COUNT_BATCH_MS = 1000;

/**
 * 'N neue Inserate — anzeigen' (issue 13): while the browser is open, a publication
 * (`jobs:published`) is counted against the current filters since the list was last loaded,
 * instead of changing the list under the reader; `show` loads the list again. A new filter or a
 * reload starts the count afresh. Counts are coalesced (lib/coalesce): one at a time, at most one
 * per COUNT_BATCH_MS, and a publication heard during a count is counted by the next one.
 */
export function useNewlyPublished(filters: BrowserFilters, loadedAt: number) {
  const client = useQueryClient();
  const key = `${JSON.stringify(filters)}|${loadedAt}`;
  const [found, setFound] = useState({ key: '', count: 0 });
  const current = useRef({ filters, loadedAt, key });
  useEffect(() => {
    current.current = { filters, loadedAt, key };
  }, [filters, loadedAt, key]);
  const counter = useRef<ReturnType<typeof coalesce> | null>(null);
  useEffect(() => {
    const coalesced = coalesce(async () => {
      const { filters: f, loadedAt: at, key: k } = current.current;
      if (!at) return;
      const count = await countPublishedSince(f, new Date(at).toISOString());
      setFound({ key: k, count });
    }, COUNT_BATCH_MS);
    counter.current = coalesced;
    return () => coalesced.cancel();
  }, []);
  const onPublished = useCallback(() => counter.current?.trigger(), []);
  useServerEvent('jobs:published', onPublished);
  const show = useCallback(() => {
    setFound({ key: '', count: 0 });
    void client.invalidateQueries({ queryKey: jobKeys.all });
  }, [client]);
  return { count: found.key === key ? found.count : 0, show };
}
