import { eq } from 'drizzle-orm';
import {
  calculateFees,
  CASE_MSG,
  hearingDeadlineProblem,
  REGISTER_EVENT_LABELS,
  viennaDate,
  type CircumventionCaseAnswerRequest,
  type CircumventionCaseDecisionRequest,
  type CircumventionCaseOpenRequest,
} from '@pb/core';
import type { Db } from '../../db/client';
import {
  circumventionCases,
  introductions,
  placementReports,
  type CircumventionCaseRow,
  type PlacementReportRow,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import { issuePenaltyInvoice, type BillingContext } from '../billing';
import { recordPlacementOnIntroduction, timelineOf } from '../introductions';
import { answerMail, decisionMails, hearingMails } from './mails';

/**
 * The office's circumvention case (issue 34, terms point 10). Each command is one transaction with
 * its audit entry and its mail: opening hears the company (letter, deadline, the register's evidence
 * frozen), the company answers once before the deadline, and the office decides once — not before
 * the company answered or its deadline passed. A finding of circumvention invoices the penalty and
 * credits the agency's claim: the report is attributed to its introduction at the bonus locked there
 * and released for invoicing. The report's row lock serialises every step with its review and billing.
 */

export interface CaseContext extends BillingContext {
  registerSecret: string;
  officeEmail: string;
}

async function lockedReport(tx: Db, id: number): Promise<PlacementReportRow> {
  const [report] = await tx.select().from(placementReports).where(eq(placementReports.id, id)).for('update');
  if (!report) throw notFound(CASE_MSG.reportNotFound);
  return report;
}

/** The case, with its report locked first (lock order: report, then case). */
export async function lockedCase(
  tx: Db,
  id: number,
): Promise<{ row: CircumventionCaseRow; report: PlacementReportRow }> {
  const [found] = await tx
    .select({ reportId: circumventionCases.placementReportId })
    .from(circumventionCases)
    .where(eq(circumventionCases.id, id));
  if (!found) throw notFound(CASE_MSG.notFound);
  const report = await lockedReport(tx, found.reportId);
  const [row] = await tx.select().from(circumventionCases).where(eq(circumventionCases.id, id)).for('update');
  return { row: row!, report };
}

/** `actor` null: the demo's seed (no office account exists yet). */
export async function openCase(
  db: Db,
  actor: Pick<CurrentUser, 'id' | 'email'> | null,
  input: CircumventionCaseOpenRequest,
  context: CaseContext,
): Promise<CircumventionCaseRow> {
  return db.transaction(async (tx) => {
    const report = await lockedReport(tx, input.placementReportId);
    if (report.circumventionAt === null || !report.circumventionEvidence) throw conflict(CASE_MSG.notSuspected);
    if (report.variant !== 'company') throw conflict(CASE_MSG.companyReportsOnly);
    if (report.status !== 'gemeldet') throw conflict(CASE_MSG.reportDecided);
    const [existing] = await tx
      .select({ id: circumventionCases.id })
      .from(circumventionCases)
      .where(eq(circumventionCases.placementReportId, report.id));
    if (existing) throw conflict(CASE_MSG.caseExists(existing.id));
    if (!report.circumventionEvidence.some((e) => e.introductionId === input.introductionId)) {
      throw badRequest(CASE_MSG.introductionNotEvidence);
    }
    const deadlineProblem = hearingDeadlineProblem(input.deadline, viennaDate(context.now));
    if (deadlineProblem) throw badRequest(deadlineProblem);
    if (report.companyOrganisationId === null && report.companyId === null) throw conflict(CASE_MSG.noCompany);
    const [introduction] = await tx.select().from(introductions).where(eq(introductions.id, input.introductionId));
    if (!introduction) throw badRequest(CASE_MSG.introductionNotEvidence);
    // The register as it stands now: what the company is heard on cannot change later.
    const evidence = (await timelineOf(tx, introduction.id)).map((e) => ({
      kind: e.kind,
      label: REGISTER_EVENT_LABELS[e.kind],
      at: e.at,
      hash: e.hash,
    }));
    const [row] = await tx
      .insert(circumventionCases)
      .values({
        placementReportId: report.id,
        introductionId: introduction.id,
        agencyOrganisationId: introduction.agencyOrganisationId,
        companyOrganisationId: report.companyOrganisationId,
        companyId: report.companyId,
        evidence,
        openedAt: context.now,
        openedBy: actor?.id ?? null,
        letter: input.letter,
        deadline: input.deadline,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'circumvention_case.open',
      entity: 'circumvention_case',
      entityId: row!.id,
      before: null,
      after: { placementReportId: report.id, introductionId: introduction.id, deadline: input.deadline },
    });
    await hearingMails(tx, row!, report, context.publicUrl);
    return row!;
  });
}

/** The company's statement: once, until the end of the deadline day (Vienna). */
export async function answerCase(
  db: Db,
  actor: CurrentUser,
  id: number,
  input: CircumventionCaseAnswerRequest,
  context: CaseContext,
  mayAnswer: (row: CircumventionCaseRow) => boolean,
): Promise<CircumventionCaseRow> {
  return db.transaction(async (tx) => {
    const { row, report } = await lockedCase(tx, id);
    // Another company's case is as if it did not exist.
    if (!mayAnswer(row)) throw notFound(CASE_MSG.notFound);
    if (row.answeredAt !== null) throw conflict(CASE_MSG.answered);
    if (row.decidedAt !== null) throw conflict(CASE_MSG.decided);
    if (viennaDate(context.now) > row.deadline) throw conflict(CASE_MSG.deadlinePassed(row.deadline));
    const [answered] = await tx
      .update(circumventionCases)
      .set({ answer: input.answer, answeredAt: context.now, answeredBy: actor.id })
      .where(eq(circumventionCases.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'circumvention_case.answer',
      entity: 'circumvention_case',
      entityId: id,
      before: null,
      after: { answeredAt: context.now, characters: input.answer.length },
    });
    await answerMail(tx, answered!, report, context);
    return answered!;
  });
}

export async function decideCase(
  db: Db,
  actor: CurrentUser,
  id: number,
  input: CircumventionCaseDecisionRequest,
  context: CaseContext,
): Promise<CircumventionCaseRow> {
  return db.transaction(async (tx) => {
    const { row, report } = await lockedCase(tx, id);
    if (row.decidedAt !== null) throw conflict(CASE_MSG.decided);
    // The company is heard first: its statement, or the end of its deadline.
    if (row.answeredAt === null && viennaDate(context.now) <= row.deadline) {
      throw conflict(CASE_MSG.hearingRunning(row.deadline));
    }
    const found = input.decision === 'umgehung_festgestellt';
    if (found && report.status !== 'gemeldet') throw conflict(CASE_MSG.reportDecided);
    const penalty = found ? await issuePenaltyInvoice(tx, report, row.id, context) : null;
    const attributed = found ? await creditAgencyClaim(tx, actor, row, report, context) : null;
    const [decided] = await tx
      .update(circumventionCases)
      .set({
        decision: input.decision,
        reasons: input.reasons,
        decidedAt: context.now,
        decidedBy: actor.id,
        penaltyInvoiceId: penalty?.id ?? null,
      })
      .where(eq(circumventionCases.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'circumvention_case.decide',
      entity: 'circumvention_case',
      entityId: id,
      before: { answered: row.answeredAt !== null, deadline: row.deadline },
      after: {
        decision: input.decision,
        reasons: input.reasons,
        penaltyInvoice: penalty?.number ?? null,
        attributedTo: attributed,
      },
    });
    await decisionMails(tx, decided!, report, context.publicUrl);
    return decided!;
  });
}

/**
 * The agency's claim as the terms give it (point 9, first claim): the placement is its
 * introduction's, at the bonus locked when it introduced, and released for invoicing — the
 * placement's invoice follows the office's 'verrechnet' as every other, the agency's share its
 * payment and guarantee. Returns the introduction it was attributed to.
 */
async function creditAgencyClaim(
  tx: Db,
  actor: CurrentUser,
  row: CircumventionCaseRow,
  report: PlacementReportRow,
  context: CaseContext,
): Promise<number> {
  const [introduction] = await tx
    .select()
    .from(introductions)
    .where(eq(introductions.id, row.introductionId))
    .for('update');
  if (!introduction) throw conflict(CASE_MSG.introductionNotEvidence);
  const bonus = Number(introduction.bonus);
  const fees = calculateFees(bonus, Number(report.actualSalary));
  await tx
    .update(placementReports)
    .set({
      introductionId: introduction.id,
      agencyOrganisationId: introduction.agencyOrganisationId,
      placementBonus: bonus,
      placementFee: fees.placementFee,
      serviceFee: fees.serviceFee,
      reviewedAt: context.now,
      reviewedBy: actor.id,
      reviewDecision: 'freigegeben',
      reviewNote: `Umgehungsverfahren Nr. ${row.id}: Umgehung festgestellt; die Besetzung wird der Vorstellung Nr. ${introduction.id} zugeordnet.`,
      updatedAt: context.now,
    })
    .where(eq(placementReports.id, report.id));
  await recordPlacementOnIntroduction(tx, introduction, report.id, actor.id, context);
  return introduction.id;
}
