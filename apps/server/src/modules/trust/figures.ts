import { sql } from 'drizzle-orm';
import {
  STALE_WORKING_DAYS,
  TRUST_MIN_ADVERTISEMENTS,
  TRUST_MIN_DUE,
  TRUST_MIN_INTRODUCTIONS,
  TRUST_MIN_RANKED,
  TRUST_MIN_REJECTIONS,
  WORKING_DAY_MINUTES,
  type AgencyTrackRecord,
  type CompanyTrustFigures,
} from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AgencyAggregate, CompanyAggregate } from './aggregates';

/**
 * The figures as the pages get them, built from the aggregates (docs/trust.md), and their
 * storage: organisation_trust, member_track_records and the advertisements' copy of the median.
 */

/** The median when it falls on an introduction left unanswered for STALE_WORKING_DAYS: "more than 5 working days". */
export const SLOWER_THAN_STALE_MINUTES = STALE_WORKING_DAYS * WORKING_DAY_MINUTES + 1;

/** A share only on at least `minimum` (≥ 1) of the whole: below it the figure is null, "noch zu wenige Daten". */
const share = (part: number, whole: number, minimum: number) => (whole < Math.max(minimum, 1) ? null : part / whole);

/**
 * A company's figures; nothing but the count below TRUST_MIN_INTRODUCTIONS (null `a`: no
 * introductions), and each figure null below its own minimum (TRUST_MIN_RANKED, _DUE, _REJECTIONS).
 */
export function companyFiguresOf(a: CompanyAggregate | null, computedAt: string | null): CompanyTrustFigures {
  const introductions = a?.introductions ?? 0;
  if (a === null || introductions < TRUST_MIN_INTRODUCTIONS) {
    return {
      introductions,
      enoughData: false,
      medianResponseMinutes: null,
      answeredInTimeShare: null,
      rejectionsWithConcreteReasonShare: null,
      rejections: 0,
      interviewsPerIntroduction: null,
      openOverdue: null,
      computedAt,
    };
  }
  return {
    introductions,
    enoughData: true,
    // Every median beyond STALE_WORKING_DAYS is "more than 5 working days", the same for all: a company
    // that never answers must not sort before one that answers after six days.
    medianResponseMinutes:
      a.medianRank === null || a.ranked < TRUST_MIN_RANKED ? null : Math.min(a.medianRank, SLOWER_THAN_STALE_MINUTES),
    answeredInTimeShare: share(a.inTime, a.due, TRUST_MIN_DUE),
    rejectionsWithConcreteReasonShare: share(a.rejectionsWithConcreteReason, a.rejections, TRUST_MIN_REJECTIONS),
    rejections: a.rejections,
    interviewsPerIntroduction: a.interviews / introductions,
    openOverdue: a.openOverdue,
    computedAt,
  };
}

/**
 * An agency's (or a member's) track record; nothing but the count below TRUST_MIN_INTRODUCTIONS, the
 * speed null below TRUST_MIN_ADVERTISEMENTS.
 */
export function agencyFiguresOf(a: AgencyAggregate | null, computedAt: string | null): AgencyTrackRecord {
  const introductions = a?.introductions ?? 0;
  if (a === null || introductions < TRUST_MIN_INTRODUCTIONS) {
    return {
      introductions,
      enoughData: false,
      interviews: null,
      hires: null,
      guaranteeCases: null,
      medianMinutesToFirstIntroduction: null,
      computedAt,
    };
  }
  return {
    introductions,
    enoughData: true,
    interviews: a.interviews,
    hires: a.hires,
    guaranteeCases: a.guaranteeCases,
    medianMinutesToFirstIntroduction: a.advertisements < TRUST_MIN_ADVERTISEMENTS ? null : a.medianMinutesToFirst,
    computedAt,
  };
}

/**
 * Companies' figures and the median the advertisements get (only when the median itself has
 * enough data: null below TRUST_MIN_RANKED as below TRUST_MIN_INTRODUCTIONS); every other
 * company gets figures with none (introductions 0), so old figures never linger and a page can
 * tell "computed, nothing yet" from "not computed yet" (a company founded since the last run).
 */
export async function writeCompanyFigures(tx: Db, aggregates: CompanyAggregate[], computedAt: string): Promise<void> {
  const rows = aggregates.map((a) => {
    const figures = companyFiguresOf(a, computedAt);
    return { id: a.organisationId, figures, minutes: figures.enoughData ? figures.medianResponseMinutes : null };
  });
  const input = JSON.stringify(rows);
  await tx.execute(sql`
    INSERT INTO organisation_trust (organisation_id, company_figures, response_minutes, computed_at)
    SELECT r.id, r.figures, r.minutes, ${computedAt}::timestamptz
      FROM jsonb_to_recordset(${input}::jsonb) AS r (id integer, figures jsonb, minutes integer)
     ORDER BY r.id
    ON CONFLICT (organisation_id) DO UPDATE
      SET company_figures = EXCLUDED.company_figures, response_minutes = EXCLUDED.response_minutes,
          computed_at = EXCLUDED.computed_at
     WHERE organisation_trust.computed_at IS NULL OR organisation_trust.computed_at <= EXCLUDED.computed_at`);
  await tx.execute(sql`
    INSERT INTO organisation_trust (organisation_id, company_figures, response_minutes, computed_at)
    SELECT o.id, ${JSON.stringify(companyFiguresOf(null, computedAt))}::jsonb, NULL, ${computedAt}::timestamptz
      FROM organisations o
     WHERE o.kind = 'company'
       AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${input}::jsonb) AS r (id integer) WHERE r.id = o.id)
     ORDER BY o.id
    ON CONFLICT (organisation_id) DO UPDATE
      SET company_figures = EXCLUDED.company_figures, response_minutes = NULL, computed_at = EXCLUDED.computed_at
     WHERE organisation_trust.computed_at IS NULL OR organisation_trust.computed_at <= EXCLUDED.computed_at`);
}

/** Agencies' track records, the same way (every agency a row). */
export async function writeAgencyFigures(tx: Db, aggregates: AgencyAggregate[], computedAt: string): Promise<void> {
  const input = JSON.stringify(
    aggregates.map((a) => ({ id: a.organisationId, figures: agencyFiguresOf(a, computedAt) })),
  );
  await tx.execute(sql`
    INSERT INTO organisation_trust (organisation_id, agency_figures, computed_at)
    SELECT r.id, r.figures, ${computedAt}::timestamptz
      FROM jsonb_to_recordset(${input}::jsonb) AS r (id integer, figures jsonb)
     ORDER BY r.id
    ON CONFLICT (organisation_id) DO UPDATE
      SET agency_figures = EXCLUDED.agency_figures, computed_at = EXCLUDED.computed_at
     WHERE organisation_trust.computed_at IS NULL OR organisation_trust.computed_at <= EXCLUDED.computed_at`);
  await tx.execute(sql`
    INSERT INTO organisation_trust (organisation_id, agency_figures, computed_at)
    SELECT o.id, ${JSON.stringify(agencyFiguresOf(null, computedAt))}::jsonb, ${computedAt}::timestamptz
      FROM organisations o
     WHERE o.kind = 'agency'
       AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${input}::jsonb) AS r (id integer) WHERE r.id = o.id)
     ORDER BY o.id
    ON CONFLICT (organisation_id) DO UPDATE
      SET agency_figures = EXCLUDED.agency_figures, computed_at = EXCLUDED.computed_at
     WHERE organisation_trust.computed_at IS NULL OR organisation_trust.computed_at <= EXCLUDED.computed_at`);
}

/** Each member's track record within their agency; a member with nothing in the window loses the row. */
export async function writeMemberFigures(tx: Db, aggregates: AgencyAggregate[], computedAt: string): Promise<void> {
  const input = JSON.stringify(
    aggregates
      .filter((a) => a.userId !== null)
      .map((a) => ({ org: a.organisationId, uid: a.userId, figures: agencyFiguresOf(a, computedAt) })),
  );
  await tx.execute(sql`
    INSERT INTO member_track_records (organisation_id, user_id, figures, computed_at)
    SELECT r.org, r.uid, r.figures, ${computedAt}::timestamptz
      FROM jsonb_to_recordset(${input}::jsonb) AS r (org integer, uid integer, figures jsonb)
     ORDER BY r.org, r.uid
    ON CONFLICT (organisation_id, user_id) DO UPDATE
      SET figures = EXCLUDED.figures, computed_at = EXCLUDED.computed_at`);
  await tx.execute(sql`
    DELETE FROM member_track_records t
     WHERE NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${input}::jsonb) AS r (org integer, uid integer)
                        WHERE r.org = t.organisation_id AND r.uid = t.user_id)`);
}

/**
 * Step d: each advertisement carries its company's median for the browser's sort and filter.
 * Only rows whose value changes are written — every written row raises the list version and is
 * recorded for the list caches (0042) — and updated_at stays: nothing the company did changed.
 */
export async function copyResponseMinutesToAdvertisements(tx: Db): Promise<number> {
  const result = await tx.execute(sql`
    WITH src AS (
      SELECT j2.id, t.response_minutes AS minutes
        FROM jobs j2 LEFT JOIN organisation_trust t ON t.organisation_id = j2.organisation_id
       WHERE j2.company_response_minutes IS DISTINCT FROM t.response_minutes
       ORDER BY j2.id
         FOR UPDATE OF j2
    )
    UPDATE jobs j SET company_response_minutes = src.minutes
      FROM src
     WHERE src.id = j.id AND j.company_response_minutes IS DISTINCT FROM src.minutes
    RETURNING j.id`);
  return rowsOf(result).length;
}
