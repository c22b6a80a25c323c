import type { Collection, ListedAgency, PublicConfig } from '@pb/core';

/** What the jobs list gives a visitor at least (API contract of GET /api/jobs): the landing page's rows. */
export interface LandingJob {
  id: number;
  jobTitle: string;
  placementBonus: number;
  salary: string;
  workingTime?: string;
  location?: { city?: string } | null;
}

/**
 * What the public pages read before they render: the site settings, the landing page's newest
 * advertisements and a page of the directory of agencies. In the browser the route loaders ask the
 * API; the server's render (entry-server.tsx) passes its own source as React Router's request
 * context, so the HTML holds the data and the browser hydrates from it without asking again.
 */
export interface PublicDataSource {
  publicConfig(signal: AbortSignal): Promise<PublicConfig>;
  latestJobs(signal: AbortSignal): Promise<Collection<LandingJob>>;
  /** GET /api/public-agencies from `start` (one page: LISTED_AGENCIES_PAGE_SIZE). */
  listedAgencies(start: number, signal: AbortSignal): Promise<Collection<ListedAgency>>;
}

/** The server's source when the loader runs in its render, else null (the browser: ask the API). */
export function serverSource(context: unknown): PublicDataSource | null {
  if (typeof context !== 'object' || context === null) return null;
  const source = context as Partial<PublicDataSource>;
  return typeof source.publicConfig === 'function' &&
    typeof source.latestJobs === 'function' &&
    typeof source.listedAgencies === 'function'
    ? (source as PublicDataSource)
    : null;
}
