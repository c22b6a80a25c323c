import { useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LANDING_JOB_LIMIT, type Collection } from '@pb/core';
import { api, toQuery } from '../../../lib/http';
import { serverSource, type LandingJob } from '../../../lib/publicData';

export type { LandingJob };

/** The landing page's route (app/routes.tsx), whose loader reads the newest advertisements. */
export const LANDING_ROUTE_ID = 'landing';

/** The API path of the newest advertisements (under /api), the same for the browser and the server's render. */
export const latestJobsPath = `/jobs${toQuery({
  sort: 'createdAt:desc',
  pagination: { limit: LANDING_JOB_LIMIT },
  populate: '*',
})}`;

/** The 20 newest advertisements for the landing page (spec §9). */
export function fetchLatestJobs(signal?: AbortSignal): Promise<Collection<LandingJob>> {
  return api<Collection<LandingJob>>(latestJobsPath, { signal });
}

/** null: the list could not be loaded in the browser (the section offers to try again). */
export interface LandingRouteData {
  jobs: LandingJob[] | null;
}

/**
 * On the server a failure is the render's to answer (a 503 page, never a page without its list);
 * in the browser the rest of the page shows and the list says it could not be loaded.
 */
export async function landingLoader({ context, request }: LoaderFunctionArgs): Promise<LandingRouteData> {
  const source = serverSource(context);
  if (source) return { jobs: (await source.latestJobs(request.signal)).data };
  try {
    return { jobs: (await fetchLatestJobs(request.signal)).data };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return { jobs: null };
  }
}

/** The list the landing route loaded (undefined outside the landing page). */
export function useLatestJobs(): LandingRouteData | undefined {
  return useRouteLoaderData(LANDING_ROUTE_ID) as LandingRouteData | undefined;
}
