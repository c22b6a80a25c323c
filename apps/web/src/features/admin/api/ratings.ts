import { useQuery } from '@tanstack/react-query';
import type { AdminRatingText, RatingModeration, Single } from '@pb/core';
import { api } from '../../../lib/http';
import { adminKeys, useAdminMutation } from './adminQueries';

/** The office's check of rating comments and answers (issue 36): /api/admin/ratings. */

/** 'pending': waiting, oldest first; 'decided': the newest decisions first. */
export type RatingTextFilter = 'pending' | 'decided';

export function useAdminRatingTexts(state: RatingTextFilter) {
  return useQuery({
    queryKey: adminKeys.list('ratings', { state }),
    queryFn: ({ signal }) =>
      api<Single<AdminRatingText[]>>(`/admin/ratings?state=${state}`, { signal }).then((r) => r.data),
  });
}

/** Approves a comment or an answer (it is published) or rejects it with a reason (its author is told); audited. */
export const useModerateRating = () =>
  useAdminMutation(({ ratingId, moderation }: { ratingId: number; moderation: RatingModeration }) =>
    api<Single<AdminRatingText>>(`/admin/ratings/${ratingId}/moderation`, {
      method: 'POST',
      body: { data: moderation },
    }).then((r) => r.data),
  );
