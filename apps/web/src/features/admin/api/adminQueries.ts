import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@pb/core';
import { api, toQuery } from '../../../lib/http';

/** Back office endpoints (/api/admin/*): the keys and the two shapes every list and write shares. */

export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  list: (name: string, params: Record<string, unknown>) => ['admin', name, params] as const,
};

export type ListParams = Record<string, unknown>;

/** A paged, filtered back-office list; the previous page stays while the next loads. */
export function useAdminList<T>(name: string, path: string, params: ListParams) {
  return useQuery({
    queryKey: adminKeys.list(name, params),
    queryFn: ({ signal }) => api<Collection<T>>(`${path}${toQuery(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every admin write may change any list and the dashboard: refresh the whole back office. */
export function useAdminMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
