import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { RATING_MSG, RATING_REVEAL_DAYS, type RatingSide } from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, introductionTrustFacts, organisationMembers } from '../../db/schema';
import { notUndone, notWrittenByReport, reportStands } from '../introductions';
import { ratedOrganisationOf, raterOrganisationOf } from './policy';

/**
 * When an introduction may be rated (issue 36; docs/ratings.md), as one statement over the
 * register's tables, so a party cannot talk its way in:
 *
 * - after a hire: the introduction is 'eingestellt' by the company's own stage change, or by a
 *   placement report that stands: the company's own report at once; an agency's report once the
 *   company can no longer object to it (invoiced, paid, a guarantee case) or the office released it
 *   over the company's objection. An agency's report the company objected to and the office
 *   discarded makes nothing ratable; until the report stands the answer is 'not yet'.
 * - after a final rejection that followed an interview: the introduction is 'abgesagt', its last
 *   stage change was not the candidate's withdrawn or missing consent (register cause 'consent'),
 *   and an interview was held — an agreed interview (a chosen time, not called off) whose time has
 *   come. Introductions from before the interviews (issue 35; introduced without a consent request)
 *   count a stage change to 'Interview' in the register that was not taken back instead.
 *
 * And never between organisations that share a person: anyone who is or was a member of both (a
 * person with a company and an agency could otherwise rate themselves).
 */

type Reader = Pick<Db, 'select'>;

export const REVEAL_MS = RATING_REVEAL_DAYS * 24 * 60 * 60 * 1000;

/**
 * Until when the other side may rate after a rating given at `createdAt` — and from when that
 * rating counts without it (blind ratings, docs/ratings.md): RATING_REVEAL_DAYS after the rating,
 * or after the introduction's last stage change if that came later (a rejection reopened and
 * made again gives the other side its full time again).
 */
export function ratingDeadline(createdAt: Date, statusChangedAt: Date): Date {
  return new Date(Math.max(createdAt.getTime(), statusChangedAt.getTime()) + REVEAL_MS);
}

/**
 * The other side's rating no longer waits for this side: it counts already (both rated, a run
 * revealed it, or it is from before blind ratings) or its deadline has passed.
 */
export function otherRatingClosed(
  other: { createdAt: Date; revealedAt: Date | null },
  statusChangedAt: Date,
  now: Date,
): boolean {
  return other.revealedAt !== null || ratingDeadline(other.createdAt, statusChangedAt) <= now;
}

/**
 * Hired: the company moved it to 'eingestellt' itself (a stage change the register does not record
 * together with a placement report), or a report naming it stands — the company's own at once, a
 * consultant's once the company can no longer object (invoiced, paid, a guarantee case) or the
 * office released it over the company's objection. Spelled out: Drizzle leaves columns unqualified.
 */
const hired = sql`("introductions"."status" = 'eingestellt' AND (
  EXISTS (SELECT 1 FROM introduction_events moved
           WHERE moved.introduction_id = "introductions"."id" AND moved.kind = 'status'
             AND moved.content->>'status' = 'eingestellt' AND ${notWrittenByReport('moved')})
  OR EXISTS (SELECT 1 FROM placement_reports named
              WHERE named.introduction_id = "introductions"."id" AND ${reportStands('named')})))`;

const endedByConsent = sql`(SELECT latest.content->>'cause' FROM introduction_events latest
  WHERE latest.introduction_id = "introductions"."id" AND latest.kind = 'status'
  ORDER BY latest.id DESC LIMIT 1) IS NOT DISTINCT FROM 'consent'`;

function interviewHeld(now: Date) {
  return sql`(EXISTS (SELECT 1 FROM interviews held JOIN interview_slots slot ON slot.id = held.chosen_slot_id
                 WHERE held.introduction_id = "introductions"."id" AND held.state = 'scheduled'
                   AND held.scheduled_at IS NOT NULL AND slot.starts_at <= ${now.toISOString()}::timestamptz)
    OR ("introductions"."consent_requested_at" IS NULL AND EXISTS (
          SELECT 1 FROM introduction_events moved
           WHERE moved.introduction_id = "introductions"."id" AND moved.kind = 'status'
             AND moved.content->>'status' = 'interview'
             AND ${notUndone('moved')})))`;
}

/** Whether the introduction ended so that its parties may rate each other. */
export async function hasRatingOccasion(db: Reader, introductionId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      ok: sql<boolean>`(${hired} OR ("introductions"."status" = 'abgesagt' AND NOT ${endedByConsent} AND ${interviewHeld(now)}))`,
    })
    .from(introductions)
    .where(eq(introductions.id, introductionId));
  return row?.ok === true;
}

/**
 * Someone is or was a member of both organisations — by the membership rows, or by the trust run's
 * mark on an introduction between them (introduction_trust_facts.shared), which outlives the rows an
 * account deletion removes.
 */
export async function shareMembers(db: Reader, first: number, second: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, first),
        sql`EXISTS (SELECT 1 FROM organisation_members other
                     WHERE other.organisation_id = ${second} AND other.user_id = ${organisationMembers.userId})`,
      ),
    )
    .limit(1);
  if (row !== undefined) return true;
  const facts = introductionTrustFacts;
  const between = (company: number, agency: number) =>
    and(eq(facts.companyOrganisationId, company), eq(facts.agencyOrganisationId, agency));
  const [marked] = await db
    .select({ id: facts.introductionId })
    .from(facts)
    .where(and(eq(facts.shared, true), or(between(first, second), between(second, first))))
    .limit(1);
  return marked !== undefined;
}

/** Why the side may not rate the introduction (a RATING_MSG text); null when it may. */
export async function ratingRefusal(
  db: Reader,
  introduction: { id: number; agencyOrganisationId: number | null; companyOrganisationId: number | null },
  side: RatingSide,
  now: Date,
): Promise<string | null> {
  const rated = ratedOrganisationOf(introduction, side);
  const rater = raterOrganisationOf(introduction, side);
  if (rated === null || rater === null) return RATING_MSG.noRatedOrganisation;
  if (!(await hasRatingOccasion(db, introduction.id, now))) return RATING_MSG.notYet;
  if (await shareMembers(db, rater, rated)) return RATING_MSG.sharedMembers;
  return null;
}

/** The caller's membership is still live, held against a concurrent removal until the transaction ends. */
export async function liveMembership(tx: Db, memberId: number, organisationId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: organisationMembers.id })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.id, memberId),
        eq(organisationMembers.organisationId, organisationId),
        isNull(organisationMembers.leftAt),
      ),
    )
    .for('share');
  return row !== undefined;
}
