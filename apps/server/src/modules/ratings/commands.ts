import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  ORGANISATION_MSG,
  RATING_MSG,
  type RatingInput,
  type RatingModeration,
  type RatingReply,
  type RatingSide,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, ratings } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { rowsOf } from '../../db/rows';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import {
  hasRatingOccasion,
  liveMembership,
  otherRatingClosed,
  ratingDeadline,
  ratingRefusal,
  REVEAL_MS,
} from './eligibility';
import { moderationNotices, otherSideRatedNotices } from './notices';
import { authorizeRatingParty, authorizeReply, ratedOrganisationOf, raterOrganisationOf, type Caller } from './policy';
import { DELETED_RATER_NAME } from './presenter';

/**
 * The rating commands (issue 36), each one transaction. A rating is written once per introduction
 * and side: the introduction's row lock serialises two submits (the UNIQUE index stands behind it).
 * Ratings are blind: the first of an introduction counts once the other side rated too (then both
 * count at once) or RATING_REVEAL_DAYS later (revealDueRatings, in the trust run) — and after that
 * the other side can no longer rate, so nobody rates in answer to what they saw. The averages are
 * written by the trust run every 10 minutes (writeRatingAverages), never by a rating. Comments wait
 * until the rating counts and then for the office, whose decisions are audited and told.
 */

/** The refusals of a rating that are not about the caller's rights: the state of things (409) or a rule (403). */
function refused(message: string): Error {
  return message === RATING_MSG.sharedMembers ? forbidden(message) : conflict(message);
}

/**
 * The averages of every organisation's counted ratings (2 decimals) onto its organisation_trust
 * row, written only where they changed. Run by the trust run inside its figures' transaction, which
 * already holds those rows (in id order): a rating never locks a figures row itself, so no rating
 * and no run wait on each other in a cycle. The ratings' own rows are only read.
 */
export async function writeRatingAverages(tx: Db): Promise<number> {
  const result = await tx.execute(sql`
    WITH averages AS (
      SELECT r.rated_organisation_id AS id, count(*)::int AS n,
             round(avg(r.communication), 2) AS communication, round(avg(r.quality), 2) AS quality,
             round(avg(r.speed), 2) AS speed
        FROM ratings r
       WHERE r.revealed_at IS NOT NULL
       GROUP BY r.rated_organisation_id
    ),
    wanted AS (
      SELECT t.organisation_id AS id, coalesce(a.n, 0) AS n, a.communication, a.quality, a.speed
        FROM organisation_trust t LEFT JOIN averages a ON a.id = t.organisation_id
    )
    UPDATE organisation_trust t
       SET ratings_count = w.n, rating_communication = w.communication, rating_quality = w.quality,
           rating_speed = w.speed
      FROM wanted w
     WHERE w.id = t.organisation_id
       AND (t.ratings_count, t.rating_communication, t.rating_quality, t.rating_speed)
           IS DISTINCT FROM (w.n, w.communication, w.quality, w.speed)
    RETURNING t.organisation_id`);
  return rowsOf(result).length;
}

async function assertStillMember(tx: Db, user: Caller): Promise<void> {
  const membership = user.organisation;
  if (!membership || !(await liveMembership(tx, membership.memberId, membership.organisationId))) {
    throw forbidden(ORGANISATION_MSG.noOrganisation);
  }
}

/**
 * A member rates the introduction's other party; answers the rating's id and side and whether it
 * counts at once (the other side had rated: both count now).
 */
export async function rateIntroduction(
  db: Db,
  user: Caller & Pick<CurrentUser, 'username'>,
  introductionId: number,
  input: RatingInput,
  now: Date,
): Promise<{ id: number; side: RatingSide; counts: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(introductions).where(eq(introductions.id, introductionId)).for('update');
      const { introduction, side } = authorizeRatingParty(user, row);
      await assertStillMember(tx, user);
      const both = await tx
        .select({
          id: ratings.id,
          side: ratings.side,
          createdAt: ratings.createdAt,
          revealedAt: ratings.revealedAt,
        })
        .from(ratings)
        .where(eq(ratings.introductionId, introduction.id));
      if (both.some((r) => r.side === side)) throw conflict(RATING_MSG.alreadyRated);
      const other = both.find((r) => r.side !== side);
      const refusal = await ratingRefusal(tx, introduction, side, now);
      if (refusal) throw refused(refusal);
      // The other side's rating counts alone from its deadline on; a rating after it would answer it.
      if (other && otherRatingClosed(other, introduction.statusChangedAt, now)) throw conflict(RATING_MSG.windowClosed);
      const ratedId = ratedOrganisationOf(introduction, side)!;
      const comment = input.comment ?? null;
      const [saved] = await tx
        .insert(ratings)
        .values({
          introductionId: introduction.id,
          side,
          raterOrganisationId: raterOrganisationOf(introduction, side)!,
          raterUserId: user.id,
          raterName: user.username,
          ratedOrganisationId: ratedId,
          communication: input.communication,
          quality: input.quality,
          speed: input.speed,
          comment,
          commentState: comment === null ? null : 'pending',
          createdAt: now,
          revealedAt: other ? now : null,
        })
        .returning({ id: ratings.id });
      if (other) {
        await tx
          .update(ratings)
          .set({ revealedAt: now })
          .where(and(eq(ratings.id, other.id), isNull(ratings.revealedAt)));
      } else {
        await otherSideRatedNotices(
          tx,
          introduction.id,
          ratedId,
          ratingDeadline(now, introduction.statusChangedAt),
          now,
        );
      }
      return { id: saved!.id, side, counts: other !== undefined };
    });
  } catch (error) {
    // Behind the row lock this should not happen; if two submits still met at the index, one stands.
    if (isUniqueViolation(error)) throw conflict(RATING_MSG.alreadyRated);
    throw error;
  }
}

/**
 * Ratings the other side did not answer by their deadline begin to count (from the deadline) — only
 * while their introduction may still be rated: a rejection the company reopened keeps the rating
 * blind until the introduction ends again, and then the other side has its full time again
 * (ratingDeadline). Run by the trust run before its figures (which write the averages); safe to
 * repeat and to run twice at once (a row already counted is not touched again). Answers how many.
 */
export async function revealDueRatings(db: Db, now: Date): Promise<number> {
  const candidates = await db
    .select({
      id: ratings.id,
      introductionId: ratings.introductionId,
      createdAt: ratings.createdAt,
      statusChangedAt: introductions.statusChangedAt,
    })
    .from(ratings)
    .innerJoin(introductions, eq(introductions.id, ratings.introductionId))
    .where(and(isNull(ratings.revealedAt), lte(ratings.createdAt, new Date(now.getTime() - REVEAL_MS))))
    .orderBy(ratings.id);
  let revealed = 0;
  for (const candidate of candidates) {
    const deadline = ratingDeadline(candidate.createdAt, candidate.statusChangedAt);
    if (deadline > now || !(await hasRatingOccasion(db, candidate.introductionId, now))) continue;
    const written = await db
      .update(ratings)
      .set({ revealedAt: deadline })
      .where(and(eq(ratings.id, candidate.id), isNull(ratings.revealedAt)))
      .returning({ id: ratings.id });
    revealed += written.length;
  }
  return revealed;
}

/** The rated organisation answers a published comment, once; the answer waits for the office. */
export async function replyToRating(
  db: Db,
  user: Caller,
  ratingId: number,
  input: RatingReply,
  now: Date,
): Promise<{ id: number; introductionId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(ratings).where(eq(ratings.id, ratingId)).for('update');
    const { rating } = authorizeReply(user, row);
    await assertStillMember(tx, user);
    if (rating.reply !== null) throw conflict(RATING_MSG.alreadyReplied);
    if (rating.commentState !== 'approved') throw conflict(RATING_MSG.replyNotAllowed);
    await tx
      .update(ratings)
      .set({ reply: input.reply, replyState: 'pending', replyBy: user.id, replyAt: now })
      .where(eq(ratings.id, rating.id));
    return { id: rating.id, introductionId: rating.introductionId };
  });
}

/**
 * The office approves or rejects (with its reason) a waiting comment or answer; audited, the parties
 * told. `admin` null: the demo's history, decided before any office member exists.
 */
export async function moderateRating(
  db: Db,
  admin: Pick<CurrentUser, 'id' | 'email'> | null,
  ratingId: number,
  input: RatingModeration,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [rating] = await tx.select().from(ratings).where(eq(ratings.id, ratingId)).for('update');
    if (!rating) throw notFound(RATING_MSG.notFound);
    const comment = input.part === 'comment';
    if ((comment ? rating.commentState : rating.replyState) !== 'pending') {
      throw conflict(RATING_MSG.nothingToModerate);
    }
    // Blind until it counts: not even a decision on its comment may tell the other side anything.
    if (rating.revealedAt === null) throw conflict(RATING_MSG.notRevealedYet);
    const state = input.decision === 'approve' ? ('approved' as const) : ('rejected' as const);
    const reason = state === 'rejected' ? (input.reason ?? null) : null;
    await tx
      .update(ratings)
      .set(
        comment
          ? {
              commentState: state,
              commentRejectionReason: reason,
              commentModeratedAt: now,
              commentModeratedBy: admin?.id ?? null,
            }
          : {
              replyState: state,
              replyRejectionReason: reason,
              replyModeratedAt: now,
              replyModeratedBy: admin?.id ?? null,
            },
      )
      .where(eq(ratings.id, rating.id));
    await recordAudit(tx, admin, {
      action: `rating.${input.part}.${input.decision}`,
      entity: 'rating',
      entityId: rating.id,
      before: { state: 'pending' },
      after: { state, reason, introductionId: rating.introductionId, ratedOrganisationId: rating.ratedOrganisationId },
    });
    await moderationNotices(tx, rating, input.part, state, reason, now);
  });
}

/**
 * Account deletion (inside its transaction): the ratings stay — they are the organisation's — but
 * the person goes from them: no user id, the name 'Gelöschtes Konto'; their answers and the office's
 * decisions lose the id too.
 */
export async function forgetRater(tx: Db, userId: number): Promise<void> {
  await tx
    .update(ratings)
    .set({ raterUserId: null, raterName: DELETED_RATER_NAME })
    .where(eq(ratings.raterUserId, userId));
  await tx.update(ratings).set({ replyBy: null }).where(eq(ratings.replyBy, userId));
  await tx.update(ratings).set({ commentModeratedBy: null }).where(eq(ratings.commentModeratedBy, userId));
  await tx.update(ratings).set({ replyModeratedBy: null }).where(eq(ratings.replyModeratedBy, userId));
}
