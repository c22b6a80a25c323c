import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection, Job, Single } from '@pb/core';
import { api, toQuery } from '../../../lib/http';
import type { JobPayload } from '../../../components/jobForm/JobFields';

export interface BrowserFilters {
  text: string;
  districtIds: number[];
}

export function hasFilter(filters: BrowserFilters): boolean {
  return filters.text.trim().length > 0 || filters.districtIds.length > 0;
}

/** Strapi-style filters: districts ($or of ids). The text goes as `q` (browserSearchParams). */
export function browserFilterParams(filters: BrowserFilters): Record<string, unknown> | undefined {
  const districtOr = filters.districtIds.length
    ? filters.districtIds.map((id) => ({ district: { id: { $eq: id } } }))
    : null;
  if (districtOr) return { $or: districtOr };
  return undefined;
}

/** The text search (spec §5 Search): one parameter, `q`, answered by the server over all six fields. */
export function browserSearchParams(filters: BrowserFilters): { q: string } | undefined {
  const text = filters.text.trim();
  return text ? { q: text } : undefined;
}

function listPath(
  filters: Record<string, unknown> | undefined,
  limit: number,
  withCount: boolean,
  search?: { q: string },
): string {
  return `/jobs${toQuery({
    ...search,
    sort: 'createdAt:desc',
    pagination: { start: 0, limit, ...(withCount ? { withCount: true } : {}) },
    populate: '*',
    ...(filters ? { filters } : {}),
  })}`;
}

export const jobKeys = {
  all: ['jobs'] as const,
  browser: (filters: BrowserFilters, limit: number) => ['jobs', 'browser', filters, limit] as const,
  own: (userId: number, limit: number) => ['jobs', 'own', userId, limit] as const,
  one: (id: number) => ['jobs', 'one', id] as const,
};

/** GET /api/jobs for the advertisement browser (spec §2 view). */
export function useBrowserJobs(filters: BrowserFilters, limit: number) {
  return useQuery({
    queryKey: jobKeys.browser(filters, limit),
    queryFn: ({ signal }) =>
      api<Collection<Job>>(listPath(browserFilterParams(filters), limit, true, browserSearchParams(filters)), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The company's own advertisements (spec §2 create). */
export function useOwnJobs(userId: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.own(userId, limit),
    queryFn: ({ signal }) =>
      api<Collection<Job>>(listPath({ users_permissions_user: { id: { $eq: userId } } }, limit, false), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One advertisement for the editor: list call filtered by id (spec §7); null when absent. */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobKeys.one(id ?? 0),
    queryFn: async ({ signal }) => {
      const res = await api<Collection<Job>>(listPath({ id: { $eq: id } }, 1, false), { signal });
      return res.data[0] ?? null;
    },
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSaveJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: JobPayload }) =>
      id === null
        ? api<Single<Job>>('/jobs', { method: 'POST', body: { data: { ...data } } })
        : api<Single<Job>>(`/jobs/${id}`, { method: 'PUT', body: { data: { ...data } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** Deleting = deactivating: PUT {publishedAt: null} (spec §4). */
export function useDeactivateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<Single<Job>>(`/jobs/${id}`, { method: 'PUT', body: { data: { publishedAt: null } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
