import { and, asc, eq, gt, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import {
  addWorkingMinutes,
  ANSWER_WORKING_DAYS,
  CONSENT_ENDED_UNCONFIRMED,
  STALE_WORKING_DAYS,
  TRUST_WINDOW_MONTHS,
  WORKING_DAY_MINUTES,
  workingMinutesBetween,
} from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { monthsBefore } from '../../lib/months';
import { introductions, introductionTrustFacts, jobs } from '../../db/schema';
import { notUndone } from '../introductions';

/**
 * The facts of each introduction the figures are computed from (docs/trust.md), kept in
 * introduction_trust_facts by the trust run: written once when the candidate's identity reached
 * the company, brought forward until the company's first reaction is found. Every step is a
 * statement that can run twice, or in two instances at once, with the same outcome.
 */

/** Rows per statement: 50,000 introductions at once are 50 rounds, none holding much memory. */
export const TRUST_BATCH = 1000;

/**
 * A reaction is looked for only this long after it happened: a stage change the company takes
 * back at once ('Rückgängig', STATUS_UNDO_SECONDS) is then already marked as undone.
 */
const REACTION_SETTLE_MS = 60_000;

/** The advertisement's publication as the agency met it: the earliest of its dates not after the introduction. */
export function publicationBefore(
  introducedAt: Date,
  job: { createdAt: Date | null; publishedAt: Date | null },
): Date | null {
  const candidates = [job.createdAt, job.publishedAt].filter(
    (d): d is Date => d !== null && d.getTime() <= introducedAt.getTime(),
  );
  if (candidates.length === 0) return null;
  return new Date(Math.min(...candidates.map((d) => d.getTime())));
}

/**
 * Step a: a fact row for every introduction whose identity was released and that has none yet.
 * Introductions that ended before the candidate agreed never get one. Returns the rows written.
 */
export async function recordNewFacts(db: Db, now: Date): Promise<number> {
  let written = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: introductions.id,
        companyOrganisationId: introductions.companyOrganisationId,
        agencyOrganisationId: introductions.agencyOrganisationId,
        introducedByMemberId: introductions.introducedByMemberId,
        jobId: introductions.jobId,
        introducedAt: introductions.introducedAt,
        identityReleasedAt: introductions.identityReleasedAt,
        jobCreatedAt: jobs.createdAt,
        jobPublishedAt: jobs.publishedAt,
      })
      .from(introductions)
      .leftJoin(introductionTrustFacts, eq(introductionTrustFacts.introductionId, introductions.id))
      .leftJoin(jobs, eq(jobs.id, introductions.jobId))
      .where(
        and(
          gt(introductions.id, after),
          isNotNull(introductions.identityReleasedAt),
          notInArray(introductions.consentState, [...CONSENT_ENDED_UNCONFIRMED]),
          isNull(introductionTrustFacts.introductionId),
        ),
      )
      .orderBy(asc(introductions.id))
      .limit(TRUST_BATCH);
    if (batch.length === 0) return written;
    after = batch[batch.length - 1]!.id;
    const values = batch.map((row) => {
      const clockStart = row.identityReleasedAt!;
      const publication = publicationBefore(row.introducedAt, {
        createdAt: row.jobCreatedAt,
        publishedAt: row.jobPublishedAt,
      });
      return {
        introductionId: row.id,
        companyOrganisationId: row.companyOrganisationId,
        agencyOrganisationId: row.agencyOrganisationId,
        introducedByMemberId: row.introducedByMemberId,
        jobId: row.jobId,
        introducedAt: row.introducedAt,
        clockStartAt: clockStart,
        answerDueAt: addWorkingMinutes(clockStart, ANSWER_WORKING_DAYS * WORKING_DAY_MINUTES),
        staleAt: addWorkingMinutes(clockStart, STALE_WORKING_DAYS * WORKING_DAY_MINUTES),
        minutesSincePublication: publication === null ? null : workingMinutesBetween(publication, row.introducedAt),
        updatedAt: now,
      };
    });
    const inserted = await db
      .insert(introductionTrustFacts)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: introductionTrustFacts.introductionId });
    written += inserted.length;
    if (batch.length < TRUST_BATCH) return written;
  }
}

/**
 * The organisations and the introducing member follow the introduction: a fact carries what the
 * introduction says at this run (an introduction moved to another organisation takes its history
 * along; what was seen of the old pair's people — `shared` — does not, the next step looks again).
 */
export async function followIntroductions(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    UPDATE introduction_trust_facts f
       SET company_organisation_id = i.company_organisation_id,
           agency_organisation_id = i.agency_organisation_id,
           introduced_by_member_id = i.introduced_by_member_id,
           job_id = i.job_id,
           shared = CASE WHEN f.company_organisation_id IS NOT DISTINCT FROM i.company_organisation_id
                          AND f.agency_organisation_id IS NOT DISTINCT FROM i.agency_organisation_id
                         THEN f.shared ELSE false END,
           updated_at = ${now.toISOString()}::timestamptz
      FROM introductions i
     WHERE i.id = f.introduction_id
       AND (f.company_organisation_id IS DISTINCT FROM i.company_organisation_id
         OR f.agency_organisation_id IS DISTINCT FROM i.agency_organisation_id
         OR f.introduced_by_member_id IS DISTINCT FROM i.introduced_by_member_id
         OR f.job_id IS DISTINCT FROM i.job_id)
    RETURNING f.introduction_id`);
  return rowsOf(result).length;
}

/**
 * Step: facts between a company and an agency that share a person now (membership rows, left or
 * not) are marked `shared` for good — an account deletion removes the person's membership rows, the
 * mark stays and the figures keep leaving these introductions out. The pairs are few (people in two
 * organisations); only facts not yet marked are written. Returns the facts marked.
 */
export async function markSharedPeople(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    WITH pairs AS (
      SELECT DISTINCT cm.organisation_id AS company_id, am.organisation_id AS agency_id
        FROM organisation_members cm
        JOIN organisation_members am ON am.user_id = cm.user_id AND am.organisation_id <> cm.organisation_id
    )
    UPDATE introduction_trust_facts f
       SET shared = true, updated_at = ${now.toISOString()}::timestamptz
      FROM pairs p
     WHERE f.company_organisation_id = p.company_id AND f.agency_organisation_id = p.agency_id AND NOT f.shared
    RETURNING f.introduction_id`);
  return rowsOf(result).length;
}

/**
 * What counts as the company's reaction, as SQL over the pending fact `p` (introduction_id,
 * introduced_at, company_organisation_id, agency_organisation_id, conversation_id, consent_withdrawn_at): the earliest,
 * at or after the introduction and settled before `cutoff`, of
 *  - a register entry: a stage change the company made (not the candidate's answer — cause
 *    'consent' —, not one it took back at once, not the 'Eingestellt' that a placement report of
 *    someone outside the company made), 'Bereits bekannt', interview times proposed, interview feedback;
 *  - a chat message in the introduction's conversation by a member (then or now) of the company
 *    who is not also a member of the agency, written before the candidate withdrew (if they did).
 */
function firstReactionSql(cutoff: string) {
  return sql`least(
    (SELECT min(e.created_at) FROM introduction_events e
      WHERE e.introduction_id = p.introduction_id
        AND e.created_at >= p.introduced_at AND e.created_at <= ${cutoff}::timestamptz
        AND (e.kind IN ('already_known', 'interview_proposed', 'interview_feedback')
          OR (e.kind = 'status'
              AND e.content->>'cause' IS NULL
              AND ${notUndone('e')}
              AND NOT EXISTS (SELECT 1 FROM introduction_events report
                               WHERE report.introduction_id = e.introduction_id AND report.kind = 'placement_reported'
                                 AND report.created_at = e.created_at
                                 AND NOT EXISTS (SELECT 1 FROM organisation_members reporter
                                                  WHERE reporter.organisation_id = p.company_organisation_id
                                                    AND reporter.user_id::text = report.content->>'reporterId'))))),
    (SELECT min(m.created_at) FROM chat_messages m
      WHERE m.chat_id = p.conversation_id
        AND m.created_at >= p.introduced_at AND m.created_at <= ${cutoff}::timestamptz
        -- The conversation is the advertisement's: after the candidate withdrew, a message is about others.
        AND (p.consent_withdrawn_at IS NULL OR m.created_at <= p.consent_withdrawn_at)
        AND EXISTS (SELECT 1 FROM organisation_members author
                     WHERE author.user_id = m.sender_id AND author.organisation_id = p.company_organisation_id)
        AND NOT EXISTS (SELECT 1 FROM organisation_members both_sides
                         WHERE both_sides.user_id = m.sender_id AND both_sides.organisation_id = p.agency_organisation_id))
  )`;
}

interface PendingReaction {
  introduction_id: number;
  clock_start_ms: number;
  reaction_ms: number | null;
}

/**
 * Step b: the first reaction of every fact of the window still without one, a batch per statement; the office
 * minutes from the clock start to it (0 when the company reacted to the anonymised profile before
 * the release). Returns the facts answered.
 */
export async function recordFirstReactions(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - REACTION_SETTLE_MS).toISOString();
  // A fact whose clock started before the window no longer counts: it is not looked at again.
  const windowStart = monthsBefore(now, TRUST_WINDOW_MONTHS).toISOString();
  let answered = 0;
  let after = 0;
  for (;;) {
    const rows = rowsOf<PendingReaction>(
      await db.execute(sql`
        WITH p AS (
          SELECT f.introduction_id, f.introduced_at, f.clock_start_at, i.conversation_id,
                 i.company_organisation_id, i.agency_organisation_id, i.consent_withdrawn_at
            FROM introduction_trust_facts f
            JOIN introductions i ON i.id = f.introduction_id
           WHERE f.first_reaction_at IS NULL AND f.introduction_id > ${after}
             AND f.clock_start_at >= ${windowStart}::timestamptz
           ORDER BY f.introduction_id
           LIMIT ${TRUST_BATCH}
        )
        SELECT p.introduction_id,
               (extract(epoch FROM p.clock_start_at) * 1000)::float8 AS clock_start_ms,
               (extract(epoch FROM ${firstReactionSql(cutoff)}) * 1000)::float8 AS reaction_ms
          FROM p
         ORDER BY p.introduction_id`),
    );
    if (rows.length === 0) return answered;
    after = Number(rows[rows.length - 1]!.introduction_id);
    const reactions = rows
      .filter((row) => row.reaction_ms !== null)
      .map((row) => {
        const clockStart = Number(row.clock_start_ms);
        const reaction = Number(row.reaction_ms);
        return {
          id: Number(row.introduction_id),
          at: new Date(reaction).toISOString(),
          minutes: workingMinutesBetween(new Date(clockStart), new Date(Math.max(reaction, clockStart))),
        };
      });
    if (reactions.length > 0) {
      const updated = await db.execute(sql`
        UPDATE introduction_trust_facts f
           SET first_reaction_at = r.at, response_minutes = r.minutes, updated_at = ${now.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(reactions)}::jsonb) AS r (id integer, at timestamptz, minutes integer)
         WHERE f.introduction_id = r.id AND f.first_reaction_at IS NULL
        RETURNING f.introduction_id`);
      answered += rowsOf(updated).length;
    }
    if (rows.length < TRUST_BATCH) return answered;
  }
}
