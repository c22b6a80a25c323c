import { useQuery } from '@tanstack/react-query';
import { LANDING_JOB_LIMIT, type Collection } from '@pb/core';
import { api, toQuery } from '../../../lib/http';

/** What the jobs list gives a visitor at least (API contract of GET /api/jobs). */
export interface LandingJob {
  id: number;
  jobTitle: string;
  placementBonus: number;
  salary: string;
  workingTime?: string;
  location?: { city?: string } | null;
}

export const latestJobsKey = ['jobs', 'landing'] as const;

const latestJobsPath = `/jobs${toQuery({
  sort: 'createdAt:desc',
  pagination: { limit: LANDING_JOB_LIMIT },
  populate: '*',
})}`;

/** The 20 newest advertisements for the landing page (spec §9). */
export function fetchLatestJobs(signal?: AbortSignal): Promise<Collection<LandingJob>> {
  return api<Collection<LandingJob>>(latestJobsPath, { signal });
}

export function useLatestJobs() {
  return useQuery({
    queryKey: latestJobsKey,
    queryFn: ({ signal }) => fetchLatestJobs(signal),
    select: (body) => body.data,
  });
}
