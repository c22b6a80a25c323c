import { sql, type SQL } from 'drizzle-orm';
import { CONCRETE_REJECTION_REASONS } from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notUndone, notWrittenByReport, reportStands } from '../introductions';

/**
 * The figures' SQL (docs/trust.md): one statement per kind of figure for every organisation at
 * once, over the facts whose clock started in the window. PGlite runs the same SQL as PostgreSQL.
 */

/** Ranks an introduction unanswered after STALE_WORKING_DAYS behind every answered one in the median. */
export const UNANSWERED_RANK = 2_147_483_647;

const concreteReasons = () =>
  sql.join(
    CONCRETE_REJECTION_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  );

/**
 * One row per introduction counted in the window [windowStart, now]: its facts and what its
 * register, interviews and placement reports say. Introductions that ended before the candidate
 * agreed have no identity release and so no fact; the consent filter only makes sure of it.
 */
function countedSql(windowStart: string, now: string): SQL {
  return sql`
    counted AS (
      SELECT f.introduction_id, f.company_organisation_id, f.agency_organisation_id, f.introduced_by_member_id,
             f.job_id, f.introduced_at, f.clock_start_at, f.answer_due_at, f.stale_at, f.first_reaction_at,
             f.response_minutes, f.minutes_since_publication, i.status, i.rejection_reason, i.consent_withdrawn_at
        FROM introduction_trust_facts f
        JOIN introductions i ON i.id = f.introduction_id
       WHERE f.clock_start_at >= ${windowStart}::timestamptz AND f.clock_start_at <= ${now}::timestamptz
         AND i.consent_state NOT IN ('declined', 'expired', 'cancelled')
         -- Never between organisations that share or shared a person: one person with a company and an
         -- agency could otherwise hire their own introductions and make both look good (as for ratings).
         -- The run marked those facts (markSharedPeople) just before, from the membership rows, and the
         -- mark outlives an account deletion: one reading of the rule, not a second join here.
         AND NOT f.shared
    ),
    agreed AS (
      -- Interviews with an agreed time (scheduled_at: when it was agreed) not called off — a call-off
      -- is only possible before the agreed time starts, so a cancelled interview never took place.
      SELECT iv.introduction_id, count(*)::int AS n
        FROM interviews iv JOIN counted c ON c.introduction_id = iv.introduction_id
       WHERE iv.scheduled_at IS NOT NULL AND iv.cancelled_at IS NULL
       GROUP BY iv.introduction_id
    ),
    with_interview_rows AS (
      SELECT DISTINCT iv.introduction_id FROM interviews iv JOIN counted c ON c.introduction_id = iv.introduction_id
    ),
    reached_interview AS (
      -- The stage 'Interview' in the register (introductions from before interviews were scheduled here).
      SELECT DISTINCT e.introduction_id
        FROM introduction_events e JOIN counted c ON c.introduction_id = e.introduction_id
       WHERE e.kind = 'status' AND e.content->>'status' = 'interview'
         AND ${notUndone('e')}
    ),
    ended_by_candidate AS (
      -- The rejection the candidate's withdrawal (or unanswered consent) made: not the company's.
      SELECT DISTINCT e.introduction_id
        FROM introduction_events e JOIN counted c ON c.introduction_id = e.introduction_id
       WHERE e.kind = 'status' AND e.content->>'cause' = 'consent'
    ),
    rejection_entry AS (
      -- The register entry of the company's rejection (the latest not taken back): its catalogue reason
      -- is hash-chained and stays when the candidate's data are erased (which blanks the notes).
      SELECT DISTINCT ON (e.introduction_id) e.introduction_id, e.content->>'reasonCategory' AS category
        FROM introduction_events e JOIN counted c ON c.introduction_id = e.introduction_id
       WHERE e.kind = 'status' AND e.content->>'status' = 'abgesagt' AND e.content->>'cause' IS NULL
         AND ${notUndone('e')}
       ORDER BY e.introduction_id, e.created_at DESC, e.id DESC
    ),
    placed AS (
      -- A placement report that stands: the company's own; an agency's once the company can no longer
      -- object (invoiced, paid, a guarantee case) or the office released it over the objection.
      SELECT r.introduction_id,
             bool_or(${reportStands('r')}) AS stands,
             bool_or(r.status = 'garantiefall') AS guarantee
        FROM placement_reports r JOIN counted c ON c.introduction_id = r.introduction_id
       WHERE r.status <> 'verworfen'
       GROUP BY r.introduction_id
    ),
    hired_by_company AS (
      -- 'Eingestellt' moved by the company itself: not the stage change a placement report wrote.
      SELECT DISTINCT e.introduction_id
        FROM introduction_events e JOIN counted c ON c.introduction_id = e.introduction_id
       WHERE e.kind = 'status' AND e.content->>'status' = 'eingestellt' AND ${notWrittenByReport('e')}
    ),
    facts AS (
      SELECT c.*,
             -- Unanswered: slower than all once stale, unless the candidate withdrew before (nothing left to answer).
             CASE WHEN c.first_reaction_at IS NOT NULL THEN c.response_minutes
                  WHEN c.stale_at < ${now}::timestamptz
                   AND (c.consent_withdrawn_at IS NULL OR c.consent_withdrawn_at > c.stale_at) THEN ${UNANSWERED_RANK}
             END AS ranked_minutes,
             (c.first_reaction_at IS NOT NULL
               OR (c.answer_due_at < ${now}::timestamptz
                   AND (c.consent_withdrawn_at IS NULL OR c.consent_withdrawn_at > c.answer_due_at))) AS answer_due,
             (c.status = 'abgesagt' AND ebc.introduction_id IS NULL) AS rejected,
             -- A concrete reason: from the catalogue, not 'sonstiges'; none (a rejection from before the
             -- catalogue, or one sent without it) is not concrete.
             coalesce(coalesce(re.category, c.rejection_reason) IN (${concreteReasons()}), false) AS concrete_reason,
             coalesce(a.n, 0) + CASE WHEN wir.introduction_id IS NULL AND ri.introduction_id IS NOT NULL THEN 1 ELSE 0 END
               AS interviews,
             (a.n IS NOT NULL OR (wir.introduction_id IS NULL AND ri.introduction_id IS NOT NULL)) AS interviewed,
             (c.status = 'eingestellt' AND (hbc.introduction_id IS NOT NULL OR coalesce(pl.stands, false))) AS hired,
             coalesce(pl.guarantee, false) AS guarantee
        FROM counted c
        LEFT JOIN agreed a ON a.introduction_id = c.introduction_id
        LEFT JOIN with_interview_rows wir ON wir.introduction_id = c.introduction_id
        LEFT JOIN reached_interview ri ON ri.introduction_id = c.introduction_id
        LEFT JOIN ended_by_candidate ebc ON ebc.introduction_id = c.introduction_id
        LEFT JOIN rejection_entry re ON re.introduction_id = c.introduction_id
        LEFT JOIN placed pl ON pl.introduction_id = c.introduction_id
        LEFT JOIN hired_by_company hbc ON hbc.introduction_id = c.introduction_id
    )`;
}

export interface CompanyAggregate {
  organisationId: number;
  introductions: number;
  medianRank: number | null;
  /** Introductions in the median: answered, or unanswered past the overdue mark. */
  ranked: number;
  due: number;
  inTime: number;
  rejections: number;
  rejectionsWithConcreteReason: number;
  interviews: number;
  openOverdue: number;
}

/** Every company with introductions in the window, in id order. */
export async function companyAggregates(db: Db, windowStart: string, now: string): Promise<CompanyAggregate[]> {
  const rows = rowsOf<Record<keyof CompanyAggregate, number | string | null>>(
    await db.execute(sql`
      WITH ${countedSql(windowStart, now)}
      SELECT f.company_organisation_id AS "organisationId",
             count(*)::int AS "introductions",
             percentile_disc(0.5) WITHIN GROUP (ORDER BY f.ranked_minutes) AS "medianRank",
             count(f.ranked_minutes)::int AS "ranked",
             count(*) FILTER (WHERE f.answer_due)::int AS "due",
             count(*) FILTER (WHERE f.first_reaction_at <= f.answer_due_at)::int AS "inTime",
             count(*) FILTER (WHERE f.rejected)::int AS "rejections",
             count(*) FILTER (WHERE f.rejected AND f.concrete_reason)::int AS "rejectionsWithConcreteReason",
             coalesce(sum(f.interviews), 0)::int AS "interviews",
             count(*) FILTER (WHERE f.status IN ('neu', 'in_pruefung') AND f.stale_at < ${now}::timestamptz)::int AS "openOverdue"
        FROM facts f
        JOIN organisations o ON o.id = f.company_organisation_id
       GROUP BY f.company_organisation_id
       ORDER BY f.company_organisation_id`),
  );
  return rows.map((r) => ({
    organisationId: Number(r.organisationId),
    introductions: Number(r.introductions),
    medianRank: r.medianRank === null ? null : Number(r.medianRank),
    ranked: Number(r.ranked),
    due: Number(r.due),
    inTime: Number(r.inTime),
    rejections: Number(r.rejections),
    rejectionsWithConcreteReason: Number(r.rejectionsWithConcreteReason),
    interviews: Number(r.interviews),
    openOverdue: Number(r.openOverdue),
  }));
}

export interface AgencyAggregate {
  organisationId: number;
  /** The member's account (per-member rows only). */
  userId: number | null;
  introductions: number;
  interviews: number;
  hires: number;
  guaranteeCases: number;
  medianMinutesToFirst: number | null;
  /** Advertisements in that median: the agency's (member's) first introduction ever to it is in the window. */
  advertisements: number;
}

/**
 * Every agency (or, `perMember`, every member of an agency by their account) with introductions
 * in the window, in id order. The speed is the median, over the advertisements whose first
 * introduction ever by the agency (member) is in the window, of the minutes from publication to
 * that first introduction: a later introduction in the window to an advertisement introduced to
 * before the window is no "first".
 */
export async function agencyAggregates(
  db: Db,
  windowStart: string,
  now: string,
  perMember: boolean,
): Promise<AgencyAggregate[]> {
  const who = perMember ? sql`m.user_id` : sql`NULL::integer`;
  const member = perMember ? sql`JOIN organisation_members m ON m.id = f.introduced_by_member_id` : sql``;
  const rows = rowsOf<Record<keyof AgencyAggregate, number | string | null>>(
    await db.execute(sql`
      WITH ${countedSql(windowStart, now)},
      first_ever AS (
        -- Over all facts, not only the window's: the first introduction of each party to each advertisement.
        SELECT DISTINCT ON (f.agency_organisation_id, ${who}, f.job_id) f.introduction_id
          FROM introduction_trust_facts f
          JOIN introductions i ON i.id = f.introduction_id
          ${member}
         WHERE f.agency_organisation_id IS NOT NULL AND f.job_id IS NOT NULL
           AND f.introduced_at <= ${now}::timestamptz
           AND i.consent_state NOT IN ('declined', 'expired', 'cancelled')
         ORDER BY f.agency_organisation_id, ${who}, f.job_id, f.introduced_at, f.introduction_id
      ),
      by_party AS (
        SELECT f.*, ${who} AS user_id, fe.introduction_id IS NOT NULL AS first_on_job
          FROM facts f
          ${member}
          LEFT JOIN first_ever fe ON fe.introduction_id = f.introduction_id
         WHERE f.agency_organisation_id IS NOT NULL
      )
      SELECT b.agency_organisation_id AS "organisationId",
             b.user_id AS "userId",
             count(*)::int AS "introductions",
             count(*) FILTER (WHERE b.interviewed)::int AS "interviews",
             count(*) FILTER (WHERE b.hired)::int AS "hires",
             count(*) FILTER (WHERE b.guarantee)::int AS "guaranteeCases",
             percentile_disc(0.5) WITHIN GROUP (ORDER BY b.minutes_since_publication)
               FILTER (WHERE b.first_on_job) AS "medianMinutesToFirst",
             count(b.minutes_since_publication) FILTER (WHERE b.first_on_job)::int AS "advertisements"
        FROM by_party b
        JOIN organisations o ON o.id = b.agency_organisation_id
       GROUP BY b.agency_organisation_id, b.user_id
       ORDER BY b.agency_organisation_id, b.user_id`),
  );
  return rows.map((r) => ({
    organisationId: Number(r.organisationId),
    userId: r.userId === null ? null : Number(r.userId),
    introductions: Number(r.introductions),
    interviews: Number(r.interviews),
    hires: Number(r.hires),
    guaranteeCases: Number(r.guaranteeCases),
    medianMinutesToFirst: r.medianMinutesToFirst === null ? null : Number(r.medianMinutesToFirst),
    advertisements: Number(r.advertisements),
  }));
}
