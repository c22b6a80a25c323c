import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchRequest, WatchedAdvertisement } from '@pb/core';
import { api } from '../../lib/http';

/** Saved searches and watched advertisements (issue 13, consultants). */

export const searchKeys = {
  searches: ['saved-searches'] as const,
  watches: ['job-watches'] as const,
  watchedAdvertisements: ['job-watches', 'advertisements'] as const,
};

export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: searchKeys.searches,
    queryFn: ({ signal }) => api<{ data: SavedSearch[] }>('/saved-searches', { signal }),
    enabled,
  });
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchRequest & { id?: number }) => {
      const { id, ...data } = input;
      return api<{ data: SavedSearch }>(id === undefined ? '/saved-searches' : `/saved-searches/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body: { data },
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: searchKeys.searches }),
  });
}

export function useDeleteSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: { id: number } }>(`/saved-searches/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: searchKeys.searches }),
  });
}

export function useWatches(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.watches,
    queryFn: ({ signal }) => api<{ data: number[] }>('/job-watches', { signal }),
    enabled,
  });
}

export function useToggleWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, watch }: { jobId: number; watch: boolean }) =>
      api<{ data: number[] }>(`/job-watches/${jobId}`, { method: watch ? 'PUT' : 'DELETE' }),
    onSuccess: (result) => {
      client.setQueryData(searchKeys.watches, result);
      void client.invalidateQueries({ queryKey: searchKeys.watchedAdvertisements });
    },
  });
}

/** GET /api/job-watches/advertisements: the watched advertisements ('Gemerkt'), deactivated ones included. */
export function useWatchedAdvertisements() {
  return useQuery({
    queryKey: searchKeys.watchedAdvertisements,
    queryFn: ({ signal }) =>
      api<{ data: WatchedAdvertisement[] }>('/job-watches/advertisements', { signal }).then((r) => r.data),
  });
}
