import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlacementBonus, Single } from '@pb/core';
import { api, toQuery } from '../../../lib/http';
import { jobKeys } from './jobs';

const bonusKey = (jobId: number) => ['placement-bonuses', jobId] as const;

/** Bonus history of one advertisement, newest first (the first is the active one). */
export function useBonusHistory(jobId: number | null) {
  return useQuery({
    queryKey: bonusKey(jobId ?? 0),
    queryFn: ({ signal }) =>
      api<{ data: PlacementBonus[] }>(
        `/placement-bonuses${toQuery({ filters: { advertisement: { id: { $eq: jobId } } }, sort: 'createdAt:desc' })}`,
        { signal },
      ).then((r) => r.data),
    enabled: jobId !== null,
    staleTime: 0,
  });
}

export function useAddBonus(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bonus: number) =>
      api<Single<PlacementBonus>>('/placement-bonuses', {
        method: 'POST',
        body: { data: { bonus, advertisement: jobId } },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: bonusKey(jobId) });
      await client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
