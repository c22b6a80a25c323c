import { useQuery } from '@tanstack/react-query';
import type { AdvertisementNumbers } from '@pb/core';
import { api } from '../../../lib/http';

/** GET /api/advertisement-numbers: per advertisement of the company, agencies that looked, conversations, introductions. */
export function useAdvertisementNumbers(enabled: boolean) {
  return useQuery({
    queryKey: ['advertisement-numbers'],
    queryFn: ({ signal }) =>
      api<{ data: AdvertisementNumbers[] }>('/advertisement-numbers', { signal }).then(
        (r) => new Map(r.data.map((n) => [n.advertisement, n])),
      ),
    enabled,
  });
}

/** Advertisements this tab already told the server about: a profile counts once per agency anyway. */
const recorded = new Set<number>();

/** POST /api/jobs/:id/views when a consultant opens an advertisement's profile (fire and forget). */
export function recordAdvertisementView(id: number): void {
  if (recorded.has(id)) return;
  recorded.add(id);
  // A lost view only makes a number smaller; it must never disturb reading the advertisement.
  api(`/jobs/${id}/views`, { method: 'POST' }).catch(() => recorded.delete(id));
}
