import {
  RATINGS_MIN_SHOWN,
  viennaParts,
  type AdminRatingText,
  type OwnRating,
  type PublishedRatingComment,
  type ReceivedRating,
  type RatingSummary,
} from '@pb/core';
import type { ratings } from '../../db/schema';

/**
 * What leaves the server about ratings (issue 36). The rater's own rating goes to their organisation
 * only; the other side sees a published comment, never the scores. The public shape names neither
 * the rater nor the introduction nor the advertisement: the month, the comment, the answer.
 */

export type RatingRow = typeof ratings.$inferSelect;

/** What a deleted account's ratings and answers keep as the name (DSGVO: the rating is the organisation's). */
export const DELETED_RATER_NAME = 'Gelöschtes Konto';

const MONTHS = [
  'Jänner',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/** 'November 2026' (Vienna time, Austrian month names). */
export function ratingMonth(at: Date): string {
  const { month, year } = viennaParts(at);
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The caller's side's rating; `revealsBy`: when a blind one counts at the latest. */
export function presentOwnRating(row: RatingRow, revealsBy: Date): OwnRating {
  return {
    id: row.id,
    communication: row.communication,
    quality: row.quality,
    speed: row.speed,
    comment: row.comment,
    commentState: row.commentState,
    commentRejectionReason: row.commentRejectionReason,
    createdAt: row.createdAt.toISOString(),
    revealedAt: row.revealedAt?.toISOString() ?? null,
    revealsBy: row.revealedAt === null ? revealsBy.toISOString() : null,
  };
}

/** The other side's rating of the caller's organisation: its published comment only (null before). */
export function presentReceivedRating(row: RatingRow | undefined): ReceivedRating | null {
  // Approved implies counted (the office decides only comments of ratings that count): never blind.
  if (!row || row.commentState !== 'approved' || row.comment === null) return null;
  return {
    id: row.id,
    comment: row.comment,
    reply: row.reply,
    replyState: row.replyState,
    replyRejectionReason: row.replyRejectionReason,
    canReply: row.reply === null,
  };
}

/** An organisation's averages as stored; null below RATINGS_MIN_SHOWN. */
export function presentSummary(
  stored: { count: number; communication: number | null; quality: number | null; speed: number | null } | undefined,
): RatingSummary {
  const count = stored?.count ?? 0;
  const shown = (value: number | null | undefined) =>
    count >= RATINGS_MIN_SHOWN && value !== null && value !== undefined ? Number(value) : null;
  return {
    count,
    communication: shown(stored?.communication),
    quality: shown(stored?.quality),
    speed: shown(stored?.speed),
  };
}

export function presentPublishedComment(row: {
  id: number;
  createdAt: Date;
  comment: string | null;
  reply: string | null;
  replyState: string | null;
}): PublishedRatingComment {
  return {
    id: row.id,
    month: ratingMonth(row.createdAt),
    comment: row.comment ?? '',
    reply: row.replyState === 'approved' ? row.reply : null,
  };
}

/** A rating's row with the names the office sees beside it. */
export interface AdminRatingRow {
  rating: RatingRow;
  raterOrganisationName: string;
  ratedOrganisationName: string;
  replierName: string | null;
}

/** The office's view of a rating's texts: the comment and the answer, each with its state. */
export function presentAdminTexts(row: AdminRatingRow): AdminRatingText[] {
  const { rating } = row;
  const texts: AdminRatingText[] = [];
  const rated = { organisationId: rating.ratedOrganisationId, organisationName: row.ratedOrganisationName };
  if (rating.comment !== null && rating.commentState !== null) {
    texts.push({
      ratingId: rating.id,
      part: 'comment',
      text: rating.comment,
      state: rating.commentState,
      rejectionReason: rating.commentRejectionReason,
      writtenAt: rating.createdAt.toISOString(),
      author: {
        organisationId: rating.raterOrganisationId,
        organisationName: row.raterOrganisationName,
        memberName: rating.raterName,
      },
      rated,
      introductionId: rating.introductionId,
      answers: null,
    });
  }
  if (rating.reply !== null && rating.replyState !== null) {
    texts.push({
      ratingId: rating.id,
      part: 'reply',
      text: rating.reply,
      state: rating.replyState,
      rejectionReason: rating.replyRejectionReason,
      writtenAt: (rating.replyAt ?? rating.createdAt).toISOString(),
      author: {
        organisationId: rating.ratedOrganisationId,
        organisationName: row.ratedOrganisationName,
        memberName: row.replierName ?? DELETED_RATER_NAME,
      },
      rated,
      introductionId: rating.introductionId,
      answers: rating.comment,
    });
  }
  return texts;
}
