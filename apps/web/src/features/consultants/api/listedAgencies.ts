import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LISTED_AGENCIES_PAGE_SIZE, type Collection, type ListedAgency } from '@pb/core';
import { api, toQuery } from '../../../lib/http';
import { serverSource } from '../../../lib/publicData';

/** The API path (under /api) of the directory page that starts at `start`: the browser's and the server's render's. */
export function listedAgenciesPath(start: number): string {
  return `/public-agencies${toQuery({ pagination: { start, limit: LISTED_AGENCIES_PAGE_SIZE } })}`;
}

/**
 * `?page=2` → 2; anything else (missing, 0, text, six digits or more) is the first page. The
 * largest page starts well inside what the API accepts (pagination[start] below 10,000,000), so a
 * made-up page number is an empty page, never a failed render.
 */
export function directoryPageNumber(search: URLSearchParams): number {
  const text = search.get('page') ?? '';
  return /^[1-9]\d{0,4}$/.test(text) ? Number(text) : 1;
}

/** The directory's address for a page (the first has no query): links and the canonical URL. */
export function directoryPageHref(page: number): string {
  return page > 1 ? `/public-consultants?page=${page}` : '/public-consultants';
}

export interface DirectoryRouteData {
  page: number;
  /** null: the list could not be loaded in the browser (the page offers to try again). */
  agencies: Collection<ListedAgency> | null;
}

/**
 * Loader of the visitors' directory of agencies (/public-consultants, GET /api/public-agencies). On the server a failure is the render's
 * to answer (a 503 page, never a page without its list); in the browser the page says the list
 * could not be loaded.
 */
export async function directoryLoader({ context, request }: LoaderFunctionArgs): Promise<DirectoryRouteData> {
  const page = directoryPageNumber(new URL(request.url).searchParams);
  const start = (page - 1) * LISTED_AGENCIES_PAGE_SIZE;
  const source = serverSource(context);
  if (source) return { page, agencies: await source.listedAgencies(start, request.signal) };
  try {
    const agencies = await api<Collection<ListedAgency>>(listedAgenciesPath(start), { signal: request.signal });
    return { page, agencies };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return { page, agencies: null };
  }
}

/** The page of the directory the route loaded. */
export function useDirectoryPage(): DirectoryRouteData {
  return useLoaderData() as DirectoryRouteData;
}
