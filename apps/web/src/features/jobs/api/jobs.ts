import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection, Job, JobBrowserFilters, Single } from '@pb/core';
import { api, toQuery } from '../../../lib/http';
import type { JobPayload } from '../../../components/jobForm/JobFields';

export interface BrowserFilters {
  text: string;
  districtIds: number[];
  /** Issue 13: states, minimum bonus in % and € (as typed), working time ('' = any). */
  states: string[];
  minBonus: string;
  minBonusEuros: string;
  workingTime: string;
}

export const NO_BROWSER_FILTERS: BrowserFilters = {
  text: '',
  districtIds: [],
  states: [],
  minBonus: '',
  minBonusEuros: '',
  workingTime: '',
};

export function hasFilter(filters: BrowserFilters): boolean {
  return Object.keys(browserSearchParams(filters)).length > 0;
}

/**
 * The browser's filters as GET /api/jobs parameters (the server's one definition: q, districts,
 * states, minBonus, minBonusEuros, workingTime); also the URL of a saved search's 'Anzeigen'.
 */
export function browserSearchParams(filters: BrowserFilters): Record<string, string> {
  const params: Record<string, string> = {};
  const text = filters.text.trim();
  if (text) params['q'] = text;
  if (filters.districtIds.length > 0) params['districts'] = filters.districtIds.join(',');
  if (filters.states.length > 0) params['states'] = filters.states.join(',');
  if (filters.minBonus.trim()) params['minBonus'] = filters.minBonus.trim();
  if (filters.minBonusEuros.trim()) params['minBonusEuros'] = filters.minBonusEuros.trim().replace(/\./g, '');
  if (filters.workingTime) params['workingTime'] = filters.workingTime;
  return params;
}

/** The filters a saved search stores (numbers parsed; the server checks them again). */
export function savedFilters(filters: BrowserFilters): JobBrowserFilters {
  const p = browserSearchParams(filters);
  return {
    ...(p['q'] ? { q: p['q'] } : {}),
    ...(filters.districtIds.length > 0 ? { districts: filters.districtIds } : {}),
    ...(filters.states.length > 0 ? { states: filters.states as JobBrowserFilters['states'] } : {}),
    ...(p['minBonus'] ? { minBonus: Number(p['minBonus'].replace(',', '.')) } : {}),
    ...(p['minBonusEuros'] ? { minBonusEuros: Number(p['minBonusEuros'].replace(',', '.')) } : {}),
    ...(p['workingTime'] ? { workingTime: p['workingTime'] as JobBrowserFilters['workingTime'] } : {}),
  };
}

/** The browser's filters from URL parameters (a saved search's 'Anzeigen'). */
export function filtersFromParams(params: URLSearchParams): BrowserFilters {
  const list = (key: string) => (params.get(key) ?? '').split(',').filter(Boolean);
  return {
    text: params.get('q') ?? '',
    districtIds: list('districts')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    states: list('states'),
    minBonus: params.get('minBonus') ?? '',
    minBonusEuros: params.get('minBonusEuros') ?? '',
    workingTime: params.get('workingTime') ?? '',
  };
}

function listPath(
  filters: Record<string, unknown> | undefined,
  limit: number,
  withCount: boolean,
  search?: Record<string, string>,
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
      api<Collection<Job>>(listPath(undefined, limit, true, browserSearchParams(filters)), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** How many advertisements matching the filters were published after `since` ('N neue Inserate'). */
export async function countPublishedSince(filters: BrowserFilters, since: string): Promise<number> {
  const answer = await api<Collection<Job>>(
    listPath({ publishedAt: { $gt: since } }, 1, true, browserSearchParams(filters)),
  );
  return answer.meta.pagination.total ?? 0;
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
