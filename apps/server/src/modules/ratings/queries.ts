import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  RATING_MSG,
  RATINGS_MIN_SHOWN,
  type AdminRatingText,
  type IntroductionRating,
  type PublishedRatingComment,
  type RatingSummary,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, organisations, organisationTrust, ratings, users } from '../../db/schema';
import { otherRatingClosed, ratingDeadline, ratingRefusal } from './eligibility';
import { authorizeRatingParty, ratedOrganisationOf, type Caller } from './policy';
import {
  presentAdminTexts,
  presentOwnRating,
  presentPublishedComment,
  presentReceivedRating,
  presentSummary,
} from './presenter';

/** Reads of ratings (issue 36): the introduction's rating section, the office's queue, the public summary. */

type Reader = Pick<Db, 'select'>;

/** Published comments shown on a profile at most (newest first). */
export const PUBLISHED_COMMENTS_LIMIT = 100;
/** Decided texts the office's list shows at most (newest decision first). */
export const DECIDED_TEXTS_LIMIT = 200;

/** GET /api/introductions/:id/rating: the caller's side, whether it may rate, its rating, a comment received. */
export async function introductionRating(
  db: Reader,
  user: Caller,
  introductionId: number,
  now: Date,
): Promise<IntroductionRating> {
  const [row] = await db.select().from(introductions).where(eq(introductions.id, introductionId));
  const { introduction, side } = authorizeRatingParty(user, row);
  const both = await db.select().from(ratings).where(eq(ratings.introductionId, introduction.id));
  const own = both.find((r) => r.side === side);
  const other = both.find((r) => r.side !== side);
  const ratedId = ratedOrganisationOf(introduction, side);
  const [rated] =
    ratedId === null
      ? []
      : await db
          .select({ id: organisations.id, name: organisations.name, kind: organisations.kind })
          .from(organisations)
          .where(eq(organisations.id, ratedId));
  // As the command decides: first whether the introduction may be rated at all, then whether the
  // other side's blind rating still waits for this one (until its deadline; then it counts alone).
  const changed = introduction.statusChangedAt;
  const occasion = own ? null : await ratingRefusal(db, introduction, side, now);
  const closed = !own && other !== undefined && otherRatingClosed(other, changed, now);
  const refusal = own ? null : (occasion ?? (closed ? RATING_MSG.windowClosed : null));
  const waiting = !own && refusal === null && other !== undefined;
  return {
    side,
    rated: rated ?? null,
    canRate: !own && refusal === null,
    notAllowedReason: refusal,
    own: own ? presentOwnRating(own, ratingDeadline(own.createdAt, changed)) : null,
    otherSideRatedUntil: waiting ? ratingDeadline(other.createdAt, changed).toISOString() : null,
    received: presentReceivedRating(other),
  };
}

const raterOrganisation = alias(organisations, 'rater_organisation');
const ratedOrganisation = alias(organisations, 'rated_organisation');
const replier = alias(users, 'replier');

async function adminRows(db: Reader, where: ReturnType<typeof and>, order: ReturnType<typeof asc>[], limit?: number) {
  const query = db
    .select({
      rating: ratings,
      raterOrganisationName: raterOrganisation.name,
      ratedOrganisationName: ratedOrganisation.name,
      replierName: replier.username,
    })
    .from(ratings)
    .innerJoin(raterOrganisation, eq(raterOrganisation.id, ratings.raterOrganisationId))
    .innerJoin(ratedOrganisation, eq(ratedOrganisation.id, ratings.ratedOrganisationId))
    .leftJoin(replier, eq(replier.id, ratings.replyBy))
    .where(where)
    .orderBy(...order);
  return limit === undefined ? query : query.limit(limit);
}

/** The texts waiting for the office, oldest first (a queue). */
async function pendingTexts(db: Reader): Promise<AdminRatingText[]> {
  // A blind rating's comment waits until the rating counts: even the office's decision must not tell.
  const rows = await adminRows(
    db,
    and(isNotNull(ratings.revealedAt), or(eq(ratings.commentState, 'pending'), eq(ratings.replyState, 'pending'))),
    [asc(ratings.id)],
  );
  return rows
    .flatMap(presentAdminTexts)
    .filter((t) => t.state === 'pending')
    .sort((a, b) => a.writtenAt.localeCompare(b.writtenAt) || a.ratingId - b.ratingId);
}

/** The texts the office decided, newest decision first. */
async function decidedTexts(db: Reader): Promise<AdminRatingText[]> {
  const decided = ['approved', 'rejected'] as const;
  const lastDecision = sql`greatest(${ratings.commentModeratedAt}, ${ratings.replyModeratedAt})`;
  const rows = await adminRows(
    db,
    or(inArray(ratings.commentState, [...decided]), inArray(ratings.replyState, [...decided])),
    [desc(lastDecision), desc(ratings.id)],
    DECIDED_TEXTS_LIMIT,
  );
  const decidedAt = (t: AdminRatingText) => {
    const row = rows.find((r) => r.rating.id === t.ratingId)!.rating;
    return (t.part === 'comment' ? row.commentModeratedAt : row.replyModeratedAt)?.getTime() ?? 0;
  };
  return rows
    .flatMap(presentAdminTexts)
    .filter((t) => t.state !== 'pending')
    .sort((a, b) => decidedAt(b) - decidedAt(a) || b.ratingId - a.ratingId)
    .slice(0, DECIDED_TEXTS_LIMIT);
}

/** GET /api/admin/ratings: `pending`, `decided`, or both with the waiting ones first. */
export async function adminRatingTexts(
  db: Reader,
  state: 'pending' | 'decided' | undefined,
): Promise<AdminRatingText[]> {
  if (state === 'pending') return pendingTexts(db);
  if (state === 'decided') return decidedTexts(db);
  return [...(await pendingTexts(db)), ...(await decidedTexts(db))];
}

/** One text of a rating as the office sees it (after its decision). */
export async function adminRatingText(
  db: Reader,
  ratingId: number,
  part: 'comment' | 'reply',
): Promise<AdminRatingText | undefined> {
  const rows = await adminRows(db, and(eq(ratings.id, ratingId)), []);
  return rows.flatMap(presentAdminTexts).find((t) => t.part === part);
}

/**
 * What anyone signed in sees of an organisation's ratings (GET /api/organisations/:id/trust): the
 * averages and their count as the rating commands keep them (averages null below RATINGS_MIN_SHOWN),
 * and from RATINGS_MIN_SHOWN on the published comments with their published answers, newest first
 * — the month only, never the rater, the introduction or the advertisement.
 */
export async function publishedRatingsOf(
  db: Reader,
  organisationId: number,
): Promise<{ ratings: RatingSummary; comments: PublishedRatingComment[] }> {
  const [stored] = await db
    .select({
      count: organisationTrust.ratingsCount,
      communication: organisationTrust.ratingCommunication,
      quality: organisationTrust.ratingQuality,
      speed: organisationTrust.ratingSpeed,
    })
    .from(organisationTrust)
    .where(eq(organisationTrust.organisationId, organisationId));
  const summary = presentSummary(stored);
  if (summary.count < RATINGS_MIN_SHOWN) return { ratings: summary, comments: [] };
  const rows = await db
    .select({
      id: ratings.id,
      createdAt: ratings.createdAt,
      comment: ratings.comment,
      reply: ratings.reply,
      replyState: ratings.replyState,
    })
    .from(ratings)
    // Approved implies counted: the office decides only comments of ratings that count (moderateRating).
    .where(and(eq(ratings.ratedOrganisationId, organisationId), eq(ratings.commentState, 'approved')))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(PUBLISHED_COMMENTS_LIMIT);
  return { ratings: summary, comments: rows.map(presentPublishedComment) };
}
