import { and, desc, eq, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import {
  CIRCUMVENTION_MONTHS,
  OBJECTED_REPORTS_MONTHS,
  PLACEMENT_REVIEW_MSG,
  REPORTABLE_INTRODUCTION_STAGES,
  type IntroductionStatus,
} from '@pb/core';
import type { Db } from '../../db/client';
import { placementReports } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { monthsBefore } from '../../lib/months';
import { advertisementsOf } from '../jobs';

/**
 * The refusals a placement report meets inside its transaction (issue 28 (6)): who may report
 * what, so that neither a chat message nor a repeated report lets a consultant take an
 * advertisement offline or claim a hire twice.
 */

/** One hire, one invoice: an introduction named in a live report (not discarded) cannot be named again. */
export async function assertIntroductionNotReported(tx: Db, introductionId: number): Promise<void> {
  const [named] = await tx
    .select({ id: placementReports.id })
    .from(placementReports)
    .where(and(eq(placementReports.introductionId, introductionId), ne(placementReports.status, 'verworfen')))
    .limit(1);
  if (named) throw conflict(PLACEMENT_REVIEW_MSG.introductionReported);
}

/**
 * A consultant's report: with an introduction only in 'Angebot' or 'eingestellt' and not declared
 * 'Bereits bekannt'; without one,
 * not again after the company objected to an earlier report of the agency (any of its members) on
 * this advertisement, and not while an earlier one is still open.
 */
export async function assertConsultantMayReport(
  tx: Db,
  agencyOrganisationId: number,
  jobId: number,
  introduction: { status: IntroductionStatus; alreadyKnownAt: Date | null } | null,
): Promise<void> {
  if (introduction) {
    // Declared known in time: the introduction carries no claim, so it cannot carry a report either.
    if (introduction.alreadyKnownAt !== null) throw conflict(PLACEMENT_REVIEW_MSG.introductionKnown);
    if (!REPORTABLE_INTRODUCTION_STAGES.includes(introduction.status))
      throw conflict(PLACEMENT_REVIEW_MSG.introductionStage);
    return;
  }
  const earlier = await tx
    .select({ status: placementReports.status, objectedAt: placementReports.objectedAt })
    .from(placementReports)
    .where(
      and(
        eq(placementReports.agencyOrganisationId, agencyOrganisationId),
        eq(placementReports.jobId, jobId),
        eq(placementReports.variant, 'consultant'),
      ),
    );
  if (earlier.some((r) => r.objectedAt !== null)) throw conflict(PLACEMENT_REVIEW_MSG.objectedBefore);
  if (earlier.some((r) => r.status === 'gemeldet')) throw conflict(PLACEMENT_REVIEW_MSG.alreadyReported);
}

/** How many of the agency's reports companies objected to within OBJECTED_REPORTS_MONTHS. */
export async function objectedReportsOf(tx: Db, agencyOrganisationId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(placementReports)
    .where(
      and(
        eq(placementReports.agencyOrganisationId, agencyOrganisationId),
        eq(placementReports.variant, 'consultant'),
        isNotNull(placementReports.objectedAt),
        gte(placementReports.objectedAt, monthsBefore(now, OBJECTED_REPORTS_MONTHS)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One hire, one invoice (issue 28): the company's latest report, not discarded, of the same hired
 * person by fingerprint — on any advertisement, within CIRCUMVENTION_MONTHS (retention deletes
 * the fingerprints after that). Its id, or null.
 */
export async function earlierReportOfHired(
  tx: Db,
  company: { contactId: number; organisationId: number | null },
  hired: { email: string | null; phone: string | null },
  now: Date,
): Promise<number | null> {
  const sameHired = or(
    hired.email === null ? undefined : eq(placementReports.hiredEmailFingerprint, hired.email),
    hired.phone === null ? undefined : eq(placementReports.hiredPhoneFingerprint, hired.phone),
  );
  if (!sameHired) return null;
  const [row] = await tx
    .select({ id: placementReports.id })
    .from(placementReports)
    .where(
      and(
        // The same company: its contact person, or any advertisement of its organisation (issue 31).
        or(
          eq(placementReports.companyId, company.contactId),
          company.organisationId === null
            ? undefined
            : inArray(placementReports.jobId, advertisementsOf(company.organisationId)),
        ),
        ne(placementReports.status, 'verworfen'),
        gte(placementReports.createdAt, monthsBefore(now, CIRCUMVENTION_MONTHS)),
        sameHired,
      ),
    )
    .orderBy(desc(placementReports.id))
    .limit(1);
  return row?.id ?? null;
}
