import { useQuery } from '@tanstack/react-query';
import type { District } from '@pb/core';
import { api } from '../../../lib/http';

/** GET /api/districts?populate=* — sorted by name on the server. */
export function useDistricts() {
  return useQuery({
    queryKey: ['districts'],
    queryFn: ({ signal }) => api<{ data: District[] }>('/districts?populate=*', { signal }).then((r) => r.data),
    staleTime: 60 * 60_000,
  });
}
