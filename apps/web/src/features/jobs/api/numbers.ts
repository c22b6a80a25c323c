import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvertisementNumbers } from '@pb/core';
import { api } from '../../../lib/http';
import { getSession } from '../../../lib/session';
import { useServerEvent } from '../../../lib/socket';

const numbersKey = ['advertisement-numbers'] as const;

/** GET /api/advertisement-numbers: per advertisement of the company, agencies that looked, conversations, introductions. */
export function useAdvertisementNumbers(enabled: boolean) {
  // A new conversation or introduction changes them: fetched again on those live events.
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: numbersKey }), [client]);
  useServerEvent('introduction:changed', refresh);
  useServerEvent('chat:conversation', refresh);
  return useQuery({
    queryKey: numbersKey,
    queryFn: ({ signal }) =>
      api<{ data: AdvertisementNumbers[] }>('/advertisement-numbers', { signal }).then(
        (r) => new Map(r.data.map((n) => [n.advertisement, n])),
      ),
    enabled,
  });
}

/** What this tab already told the server, per agency (another may sign in here): it counts once per agency anyway. */
const recorded = new Set<string>();

/** POST /api/jobs/:id/views when a consultant opens an advertisement's profile (fire and forget). */
export function recordAdvertisementView(id: number): void {
  const key = `${getSession()?.organisation?.organisationId ?? 0}:${id}`;
  if (recorded.has(key)) return;
  recorded.add(key);
  // A lost view only makes a number smaller; it must never disturb reading the advertisement.
  api(`/jobs/${id}/views`, { method: 'POST' }).catch(() => recorded.delete(key));
}
