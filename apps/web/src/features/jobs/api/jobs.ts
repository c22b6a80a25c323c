import { useEffect, useMemo } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  BROWSER_JOB_LIMIT,
  BROWSER_LOAD_MORE_STEP,
  JOB_BROWSER_FILTER_KEYS,
  OWN_JOBS_PAGE_SIZE,
  RESPONDS_WITHIN_DAYS,
  type Collection,
  type Job,
  type JobBrowserFilters,
  type Single,
} from '@pb/core';
import { api, ApiError, toQuery } from '../../../lib/http';
import type { JobPayload } from '../../../components/jobForm/JobFields';

export interface BrowserFilters {
  text: string;
  districtIds: number[];
  /** Issue 13: states, minimum bonus in % and € (as typed), working time ('' = any). */
  states: string[];
  minBonus: string;
  minBonusEuros: string;
  workingTime: string;
  /** Issue 36: the company answers within 1, 2 or 5 working days ('' = any). */
  respondsWithin: string;
  /** The list's order (not a filter: a saved search keeps no order). */
  sort: BrowserSort;
}

/** The browser's orders as GET /api/jobs `sort` values; the page's URL says `sort=companyResponse`. */
export const BROWSER_SORTS = {
  newest: 'createdAt:desc',
  companyResponse: 'companyResponse:asc',
} as const;
export type BrowserSort = keyof typeof BROWSER_SORTS;

export const NO_BROWSER_FILTERS: BrowserFilters = {
  text: '',
  districtIds: [],
  states: [],
  minBonus: '',
  minBonusEuros: '',
  workingTime: '',
  respondsWithin: '',
  sort: 'newest',
};

/** A `respondsWithin` value the server takes ('1', '2', '5'), or '' for anything else. */
function respondsWithinParam(value: string | null): string {
  return RESPONDS_WITHIN_DAYS.some((days) => String(days) === value) ? (value ?? '') : '';
}

export function hasFilter(filters: BrowserFilters): boolean {
  return Object.keys(browserSearchParams(filters)).length > 0;
}

/**
 * The browser's filters as GET /api/jobs parameters (the server's one definition: q, districts,
 * states, minBonus, minBonusEuros, workingTime, respondsWithin); also the URL of a saved search's
 * 'Anzeigen'. The order is no filter: listPath sends it.
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
  const within = respondsWithinParam(filters.respondsWithin);
  if (within) params['respondsWithin'] = within;
  return params;
}

/** The filters a saved search stores (numbers parsed; the server checks them again). */
export function savedFilters(filters: BrowserFilters): JobBrowserFilters {
  const p = browserSearchParams(filters);
  const within = RESPONDS_WITHIN_DAYS.find((days) => String(days) === p['respondsWithin']);
  return {
    ...(p['q'] ? { q: p['q'] } : {}),
    ...(filters.districtIds.length > 0 ? { districts: filters.districtIds } : {}),
    ...(filters.states.length > 0 ? { states: filters.states as JobBrowserFilters['states'] } : {}),
    ...(p['minBonus'] ? { minBonus: Number(p['minBonus'].replace(',', '.')) } : {}),
    ...(p['minBonusEuros'] ? { minBonusEuros: Number(p['minBonusEuros'].replace(',', '.')) } : {}),
    ...(p['workingTime'] ? { workingTime: p['workingTime'] as JobBrowserFilters['workingTime'] } : {}),
    ...(within !== undefined ? { respondsWithin: within } : {}),
  };
}

/** The filters as the list is asked for (and cached): text trimmed, districts and states sorted. */
export function queriedFilters(filters: BrowserFilters): BrowserFilters {
  return {
    ...filters,
    text: filters.text.trim(),
    districtIds: [...filters.districtIds].sort((a, b) => a - b),
    states: [...filters.states].sort(),
  };
}

/** The browser's filters and order from URL parameters (a saved search's 'Anzeigen'). */
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
    respondsWithin: respondsWithinParam(params.get('respondsWithin')),
    sort: params.get('sort') === 'companyResponse' ? 'companyResponse' : 'newest',
  };
}

/**
 * The page's URL for `filters`: its other parameters (the chosen advertisement, a report to open)
 * as they are, the filters as GET /api/jobs names them and `sort=companyResponse` unless newest first.
 */
export function browserPageParams(current: URLSearchParams, filters: BrowserFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...JOB_BROWSER_FILTER_KEYS, 'sort']) next.delete(key);
  for (const [key, value] of Object.entries(browserSearchParams(filters))) next.set(key, value);
  if (filters.sort !== 'newest') next.set('sort', filters.sort);
  return next;
}

/** One page of a list: `start` rows skipped, at most `limit` returned. */
interface Page {
  start: number;
  limit: number;
}

function listPath(
  filters: Record<string, unknown> | undefined,
  page: Page,
  withCount: boolean,
  search?: Record<string, string>,
  sort: string = BROWSER_SORTS.newest,
): string {
  return `/jobs${toQuery({
    ...search,
    sort,
    pagination: { ...page, ...(withCount ? { withCount: true } : {}) },
    populate: '*',
    ...(filters ? { filters } : {}),
  })}`;
}

export const jobKeys = {
  all: ['jobs'] as const,
  browser: (filters: BrowserFilters) => ['jobs', 'browser', filters] as const,
  own: (organisationId: number) => ['jobs', 'own', organisationId] as const,
  one: (id: number) => ['jobs', 'one', id] as const,
};

/** The rows of a list's pages in order, each advertisement once (a page may repeat the one before it when rows moved). */
function pageRows(pages: ReadonlyArray<Collection<Job>> | undefined): Job[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) =>
    page.data.filter((job) => {
      if (seen.has(job.id)) return false;
      seen.add(job.id);
      return true;
    }),
  );
}

const FIRST_BROWSER_PAGE: Page = { start: 0, limit: BROWSER_JOB_LIMIT };

/** A page of the browser's list and when it arrived ('N neue Inserate' counts from the first page's). */
export interface BrowserPage extends Collection<Job> {
  loadedAt: number;
}

/**
 * GET /api/jobs for the advertisement browser (spec §2 view): the newest BROWSER_JOB_LIMIT, and
 * 'Mehr laden' (fetchNextPage) appends the next BROWSER_LOAD_MORE_STEP without loading the shown
 * ones again. Every page carries the total; when it differs between pages, the list changed while
 * it was read (a publication, a deactivation), and all pages load again so no row is missed.
 */
function browserJobsQuery(filters: BrowserFilters) {
  return infiniteQueryOptions({
    queryKey: jobKeys.browser(filters),
    queryFn: async ({ pageParam, signal }): Promise<BrowserPage> => ({
      ...(await api<Collection<Job>>(
        listPath(undefined, pageParam, true, browserSearchParams(filters), BROWSER_SORTS[filters.sort]),
        { signal },
      )),
      loadedAt: Date.now(),
    }),
    initialPageParam: FIRST_BROWSER_PAGE,
    getNextPageParam: (last, _pages, param): Page | undefined => {
      const start = param.start + last.data.length;
      return last.data.length > 0 && start < (last.meta.pagination.total ?? 0)
        ? { start, limit: BROWSER_LOAD_MORE_STEP }
        : undefined;
    },
  });
}

/**
 * Starts the browser's first page for the filters in `params` (the page's URL) unless it is
 * cached: the route's loader calls it, so the request runs while the page's code loads, and
 * useBrowserJobs finds it under the same key.
 */
export function prefetchBrowserJobs(client: QueryClient, params: URLSearchParams): Promise<void> {
  return client.prefetchInfiniteQuery(browserJobsQuery(queriedFilters(filtersFromParams(params))));
}

/** The browser's list (browserJobsQuery); while the list of new filters loads, the last one stays. */
export function useBrowserJobs(filters: BrowserFilters) {
  const query = useInfiniteQuery({ ...browserJobsQuery(filters), placeholderData: keepPreviousData });
  const { data, isFetching, isPlaceholderData, refetch } = query;
  const pages = data?.pages;
  const list = useMemo(() => pageRows(pages), [pages]);
  const first = pages?.[0];
  const changed = pages?.some((page) => page.meta.pagination.total !== first?.meta.pagination.total) ?? false;
  useEffect(() => {
    if (changed && !isFetching && !isPlaceholderData) void refetch();
  }, [changed, isFetching, isPlaceholderData, refetch]);
  return {
    ...query,
    list,
    total: pages?.at(-1)?.meta.pagination.total ?? 0,
    loadedAt: first?.loadedAt ?? 0,
  };
}

/** How many advertisements matching the filters were published after `since` ('N neue Inserate'). */
export async function countPublishedSince(filters: BrowserFilters, since: string): Promise<number> {
  const answer = await api<Collection<Job>>(
    listPath({ publishedAt: { $gt: since } }, { start: 0, limit: 1 }, true, browserSearchParams(filters)),
  );
  return answer.meta.pagination.total ?? 0;
}

/**
 * The company's own advertisements (spec §2 create; issue 31: the organisation's, whoever wrote
 * them), OWN_JOBS_PAGE_SIZE at a time ('Mehr laden' appends).
 */
export type OwnJobsScope = 'aktiv' | 'archiv';

/** The archive: deactivated advertisements (by the company, the office, or a reported placement). */
const SCOPE_FILTERS: Record<OwnJobsScope, Record<string, unknown>> = {
  aktiv: { publishedAt: { $notNull: true } },
  archiv: { publishedAt: { $null: true } },
};

export function useOwnJobs(organisationId: number, enabled: boolean, scope: OwnJobsScope = 'aktiv') {
  const query = useInfiniteQuery({
    queryKey: [...jobKeys.own(organisationId), scope],
    queryFn: ({ pageParam, signal }) =>
      api<Collection<Job>>(
        listPath(
          { organisation: { id: { $eq: organisationId } }, ...SCOPE_FILTERS[scope] },
          { start: pageParam, limit: OWN_JOBS_PAGE_SIZE },
          false,
        ),
        { signal },
      ),
    initialPageParam: 0,
    // spec §9: more only while the last page came back full
    getNextPageParam: (last, _pages, start) =>
      last.data.length === OWN_JOBS_PAGE_SIZE ? start + last.data.length : undefined,
    enabled,
  });
  const pages = query.data?.pages;
  const list = useMemo(() => pageRows(pages), [pages]);
  return { ...query, list };
}

/**
 * One advertisement with its documents (GET /api/jobs/:id, for the editor and a browser link to
 * one not in the list); null when the server answers 404 — it alone decides who may see which.
 */
export async function fetchJob(id: number, signal?: AbortSignal): Promise<Job | null> {
  try {
    return (await api<Single<Job>>(`/jobs/${id}`, { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchJob(id ?? 0, signal),
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
