import { useQuery } from '@tanstack/react-query';
import type { Member, Organisation } from '@pb/core';
import { api } from '../../lib/http';

/**
 * Reads of the active organisation (issue 31) that several screens share, one query and one cache
 * key each: the organisation with its legal identity (the organisation page edits it, the
 * placement report shows whom the invoice goes to) and its members (the organisation page manages
 * them, the agency's earnings filter by them).
 */

export const activeOrganisationKey = ['organisation'] as const;
export const membersKey = ['organisation', 'members'] as const;

export function useActiveOrganisation(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: activeOrganisationKey,
    queryFn: () => api<{ data: Organisation }>('/organisation'),
    select: (answer) => answer.data,
    enabled: options.enabled ?? true,
  });
}

export function useMembers(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: membersKey,
    queryFn: () => api<{ data: Member[] }>('/organisation/members'),
    select: (answer) => answer.data,
    enabled: options.enabled ?? true,
  });
}
