import { useInfiniteQuery } from '@tanstack/react-query';
import { LISTED_AGENCIES_PAGE_SIZE, type AgencyCard, type Collection } from '@pb/core';
import { api, toQuery } from '../../../lib/http';

/** The directory for signed-in users (issue 31): GET /api/agencies, the listed agencies with their contact address. */

export const agenciesKey = ['agencies'] as const;

export function fetchAgencies(start: number, signal?: AbortSignal): Promise<Collection<AgencyCard>> {
  return api<Collection<AgencyCard>>(
    `/agencies${toQuery({ pagination: { start, limit: LISTED_AGENCIES_PAGE_SIZE } })}`,
    {
      signal,
    },
  );
}

/** Page by page in name order; `fetchNextPage` ('Mehr laden') while fewer than the total are loaded. */
export function useAgencies() {
  return useInfiniteQuery({
    queryKey: agenciesKey,
    queryFn: ({ pageParam, signal }) => fetchAgencies(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const { start, limit, total } = last.meta.pagination;
      const next = start + limit;
      // Without a total (never for this list), a full page means there may be more.
      const more = total === undefined ? last.data.length === limit : next < total;
      return last.data.length > 0 && more ? next : undefined;
    },
    staleTime: 0,
  });
}
