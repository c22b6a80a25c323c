import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntroductionRating, RatingInput, RatingReply, Single } from '@pb/core';
import { introductionKeys } from '../../../components/introductions/api';
import { trustKeys } from '../../../components/trust/api';
import { api } from '../../../lib/http';

/**
 * The rating of an introduction's other party (issue 36). The key lies under the introductions'
 * own, so 'introduction:changed' refreshes it with the introduction (a rating becomes possible
 * when the introduction ends). A write answers the section as it stands now, with the thanks.
 */

export const ratingKeys = {
  of: (introductionId: number) => [...introductionKeys.all, 'rating', introductionId] as const,
};

/** A write's answer: the section now, and the German thanks to show. */
interface Written {
  data: IntroductionRating;
  meta: { notice: string };
}

/** GET /api/introductions/:id/rating: whether the caller's side may rate, its rating, a comment received. */
export function useIntroductionRating(introductionId: number, enabled = true) {
  return useQuery({
    queryKey: ratingKeys.of(introductionId),
    queryFn: ({ signal }) =>
      api<Single<IntroductionRating>>(`/introductions/${introductionId}/rating`, { signal }).then((r) => r.data),
    enabled,
  });
}

/** Puts the answer in place of the section and asks the rated organisation's figures anew. */
function useRatingWrite<V>(introductionId: number, send: (variables: V) => Promise<Written>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (written) => {
      client.setQueryData(ratingKeys.of(introductionId), written.data);
      if (written.data.rated)
        void client.invalidateQueries({ queryKey: trustKeys.organisation(written.data.rated.id) });
    },
  });
}

/** POST /api/introductions/:id/rating: once per introduction and side; the comment only when one is given. */
export function useRateIntroduction(introductionId: number) {
  return useRatingWrite(introductionId, ({ comment, ...scores }: RatingInput) =>
    api<Written>(`/introductions/${introductionId}/rating`, {
      method: 'POST',
      body: { data: comment ? { ...scores, comment } : scores },
    }),
  );
}

/** POST /api/ratings/:id/reply: the rated organisation answers a published comment, once. */
export function useReplyToRating(introductionId: number) {
  return useRatingWrite(introductionId, ({ ratingId, reply }: RatingReply & { ratingId: number }) =>
    api<Written>(`/ratings/${ratingId}/reply`, { method: 'POST', body: { data: { reply } } }),
  );
}
