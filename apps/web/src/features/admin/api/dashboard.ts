import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys } from './adminQueries';

/** GET /api/admin/dashboard. */
export function fetchDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return api<Single<AdminDashboard>>('/admin/dashboard', { signal }).then((r) => r.data);
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
}
