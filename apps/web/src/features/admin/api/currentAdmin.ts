import { useQuery } from '@tanstack/react-query';
import type { OwnUser } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys } from './adminQueries';

/** GET /api/users/me: the operator shown in the back office's header. */
export function fetchCurrentAdmin(signal?: AbortSignal): Promise<OwnUser> {
  return api<OwnUser>('/users/me', { signal });
}

export function useCurrentAdmin() {
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: ({ signal }) => fetchCurrentAdmin(signal),
    staleTime: 5 * 60_000,
  });
}
