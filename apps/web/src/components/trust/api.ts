import { useQuery } from '@tanstack/react-query';
import type { OrganisationTrust, OwnTrackRecord } from '@pb/core';
import { api } from '../../lib/http';

/**
 * Trust figures (issue 36): an organisation's page for signed-in users (GET
 * /api/organisations/:id/trust) and the own organisation's figures per member (GET
 * /api/organisation/track-record). A scheduled run computes them, so a read stays fresh a while.
 */

const FIGURES_STALE_MS = 5 * 60_000;

export const trustKeys = {
  all: ['trust'] as const,
  organisation: (id: number) => ['trust', 'organisation', id] as const,
  own: (organisationId: number) => ['trust', 'own', organisationId] as const,
};

/** An organisation's figures, ratings and published comments; `null` (or `enabled: false`) asks nothing. */
export function useOrganisationTrust(id: number | null, enabled = true) {
  return useQuery({
    queryKey: trustKeys.organisation(id ?? 0),
    queryFn: ({ signal }) => api<{ data: OrganisationTrust }>(`/organisations/${id}/trust`, { signal }),
    select: (answer) => answer.data,
    enabled: enabled && id !== null,
    staleTime: FIGURES_STALE_MS,
  });
}

/** The active organisation's own figures (its members only); keyed by it, since a switch changes them. */
export function useOwnTrackRecord(organisationId: number | null) {
  return useQuery({
    queryKey: trustKeys.own(organisationId ?? 0),
    queryFn: ({ signal }) => api<{ data: OwnTrackRecord }>('/organisation/track-record', { signal }),
    select: (answer) => answer.data,
    enabled: organisationId !== null,
    staleTime: FIGURES_STALE_MS,
  });
}
