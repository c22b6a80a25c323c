import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection, District, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys } from './adminQueries';

/** Districts: read from /api/districts, written through /api/admin/districts. */

/** The districts' public list ('districts') refreshes too; its key is the contract of GET /api/districts. */
const publicDistrictsKey = ['districts'] as const;

export function useAllDistricts() {
  return useQuery({
    queryKey: adminKeys.list('districts', {}),
    queryFn: ({ signal }) =>
      api<Collection<District>>('/districts?pagination[limit]=500', { signal }).then((r) => r.data),
  });
}

export function useDistrictMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    void queryClient.invalidateQueries({ queryKey: publicDistrictsKey });
  };
  const create = useMutation({
    mutationFn: (v: { name: string; state: string }) =>
      api<Single<District>>('/admin/districts', { method: 'POST', body: v }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: (v: { id: number; name: string }) =>
      api<Single<District>>(`/admin/districts/${v.id}`, { method: 'PUT', body: { name: v.name } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<Single<District>>(`/admin/districts/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, rename, remove };
}
