import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  CASE_MSG,
  memberMay,
  MEMBER_PERMISSION_MSG,
  ORGANISATION_MSG,
  viennaDate,
  type CaseState,
  type CircumventionCase,
} from '@pb/core';
import type { Db } from '../../db/client';
import {
  circumventionCases,
  introductions,
  invoices,
  organisations,
  placementReports,
  type CircumventionCaseRow,
} from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { CurrentUser } from '../../services/auth';
import { invoiceUrl } from '../billing';

/** policy 'circumvention_cases.company': the company's administrators read and answer its cases. */
export function authorizeCaseMember(user: CurrentUser): { organisationId: number } {
  if (!user.organisation || user.organisation.kind !== 'company') throw forbidden(ORGANISATION_MSG.noOrganisation);
  if (!memberMay(user.organisation, 'organisation.manage')) {
    throw forbidden(MEMBER_PERMISSION_MSG['organisation.manage']);
  }
  return { organisationId: user.organisation.organisationId };
}

/** Whether the case is about this member's company. */
export function isCaseOf(row: CircumventionCaseRow, organisationId: number): boolean {
  return row.companyOrganisationId === organisationId;
}

export function caseState(row: CircumventionCaseRow, now: Date): CaseState {
  if (row.decidedAt !== null) return 'entschieden';
  return row.answeredAt !== null || viennaDate(now) > row.deadline ? 'zur_entscheidung' : 'anhoerung';
}

/** Cases with their report, agency and penalty invoice; the office sees the evidence, the company not. */
export async function listCases(
  db: Db,
  filter: { organisationId?: number; id?: number; open?: boolean },
  now: Date,
  office: boolean,
): Promise<CircumventionCase[]> {
  const where: SQL[] = [];
  if (filter.organisationId !== undefined)
    where.push(eq(circumventionCases.companyOrganisationId, filter.organisationId));
  if (filter.id !== undefined) where.push(eq(circumventionCases.id, filter.id));
  if (filter.open) where.push(isNull(circumventionCases.decidedAt));
  const rows = await db
    .select({
      row: circumventionCases,
      jobTitle: placementReports.jobTitle,
      companyName: placementReports.companyName,
      agencyName: organisations.name,
      introducedAt: introductions.introducedAt,
    })
    .from(circumventionCases)
    .innerJoin(placementReports, eq(placementReports.id, circumventionCases.placementReportId))
    .leftJoin(introductions, eq(introductions.id, circumventionCases.introductionId))
    .leftJoin(organisations, eq(organisations.id, circumventionCases.agencyOrganisationId))
    .where(and(...where))
    .orderBy(desc(circumventionCases.id))
    .limit(200);
  const penaltyIds = rows.map((r) => r.row.penaltyInvoiceId).filter((id): id is number => id !== null);
  const penalties =
    penaltyIds.length === 0
      ? []
      : await db
          .select({ id: invoices.id, number: invoices.number, grossCents: invoices.grossCents })
          .from(invoices)
          .where(inArray(invoices.id, penaltyIds));
  const byId = new Map(penalties.map((p) => [p.id, p]));
  return rows.map(({ row, jobTitle, companyName, agencyName, introducedAt }) => {
    const penalty = row.penaltyInvoiceId === null ? undefined : byId.get(row.penaltyInvoiceId);
    return {
      id: row.id,
      state: caseState(row, now),
      placementReportId: row.placementReportId,
      jobTitle,
      companyName,
      agencyName,
      introductionId: row.introductionId,
      introducedOn: introducedAt ? viennaDate(introducedAt) : '',
      openedAt: row.openedAt.toISOString(),
      letter: row.letter,
      deadline: row.deadline,
      answer: row.answer,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      decision: row.decision,
      reasons: row.reasons,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      penaltyInvoice: penalty
        ? { number: penalty.number, grossCents: penalty.grossCents, url: invoiceUrl(penalty.id) }
        : null,
      evidence: office ? row.evidence : null,
    };
  });
}

export async function caseById(db: Db, id: number, now: Date, office: boolean): Promise<CircumventionCase> {
  const [found] = await listCases(db, { id }, now, office);
  if (!found) throw notFound(CASE_MSG.notFound);
  return found;
}

/** The undecided case on a report, if any: its review and billing wait for the decision. */
export async function openCaseOfReport(db: Db, reportId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: circumventionCases.id })
    .from(circumventionCases)
    .where(and(eq(circumventionCases.placementReportId, reportId), isNull(circumventionCases.decidedAt)));
  return row?.id ?? null;
}
