import { useQuery } from '@tanstack/react-query';
import { LANDING_JOB_LIMIT, type Collection } from '@pb/core';
import { api, toQuery } from '../../lib/http';

/** What the jobs list gives a visitor at least (API contract of GET /api/jobs). */
export interface LandingJob {
  id: number;
  jobTitle: string;
  placementBonus: number;
  salary: string;
  workingTime?: string;
  location?: { city?: string } | null;
}

export const latestJobsPath = `/jobs${toQuery({
  sort: 'createdAt:desc',
  pagination: { limit: LANDING_JOB_LIMIT },
  populate: '*',
})}`;

/** The 20 newest advertisements for the landing page (spec §9). */
export function useLatestJobs() {
  return useQuery({
    queryKey: ['jobs', 'landing'],
    queryFn: ({ signal }) => api<Collection<LandingJob>>(latestJobsPath, { signal }),
    select: (body) => body.data,
  });
}
