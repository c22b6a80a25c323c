import { and, eq } from 'drizzle-orm';
import {
  CASE_MSG,
  ADMIN_MSG,
  canChangePlacementStatus,
  isWithinGuarantee,
  PLACEMENT_REVIEW_MSG,
  type AdminPlacementReport,
  type PlacementStatusChange,
} from '@pb/core';
import type { Db } from '../../db/client';
import { guaranteeClaims, placementReports } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { recordAudit } from '../../services/audit';
import { conflict, notFound } from '../../lib/errors';
import {
  applyGuaranteeRefund,
  claimWindowRefusal,
  invoiceOfReport,
  issueInvoice,
  LegalIdentityMissingError,
  requestLegalIdentity,
  type BillingContext,
} from '../billing';
import { openCaseOfReport } from '../circumvention-cases';
import { recordManualPayment } from '../payments';
import { needsReview } from './flags';
import { presentPlacementReport } from './presenter';

/**
 * The placement status machine (the back office's step, and the demo's): gemeldet → verrechnet →
 * bezahlt, or into a guarantee case; the transitions themselves are core's canChangePlacementStatus.
 */

/**
 * Moves a report along gemeldet → verrechnet → bezahlt, or into a guarantee case. 'verrechnet'
 * only once a flagged, suspected or objected report is released (needsReview) and issues the
 * invoice (PDF, mailed to the company); a guarantee case — with an open claim only within the
 * claim's window (guaranteeClaimRefusal), without one within 60 days of the report — issues the
 * correction invoice and decides the open claim, in the same transaction (issues 12, 28).
 */
export async function changePlacementStatus(
  db: Db,
  /** null: the demo seeding (no back-office account). */
  actor: CurrentUser | null,
  id: number,
  change: PlacementStatusChange,
  context: BillingContext,
): Promise<AdminPlacementReport> {
  try {
    return await moveReport(db, actor, id, change, context);
  } catch (error) {
    // Refused for want of the company's legal identity: its administrators are asked to complete it.
    if (error instanceof LegalIdentityMissingError) {
      const [report] = await db.select().from(placementReports).where(eq(placementReports.id, id));
      if (report) await requestLegalIdentity(db, report, context.now).catch(() => 0);
    }
    throw error;
  }
}

async function moveReport(
  db: Db,
  actor: CurrentUser | null,
  id: number,
  change: PlacementStatusChange,
  context: BillingContext,
): Promise<AdminPlacementReport> {
  const to = change.status;
  const now = context.now;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(placementReports).where(eq(placementReports.id, id)).for('update');
    if (!row) throw notFound(ADMIN_MSG.reportNotFound);
    if (!canChangePlacementStatus(row.status, to)) throw conflict(ADMIN_MSG.statusNotAllowed);
    // A running circumvention case decides whose placement it is first.
    const caseId = await openCaseOfReport(tx, id);
    if (caseId !== null) throw conflict(CASE_MSG.reportInCase(caseId));
    // A flagged, suspected or objected report is invoiced only after the office released it.
    if (to === 'verrechnet' && needsReview(row)) throw conflict(PLACEMENT_REVIEW_MSG.needsReview);
    if (to === 'garantiefall') {
      // The report is locked first, then its claims (the lock order of every money command).
      const [open] = await tx
        .select()
        .from(guaranteeClaims)
        .where(and(eq(guaranteeClaims.placementReportId, id), eq(guaranteeClaims.status, 'offen')))
        .for('update');
      // With a claim: the claim's window, as its acceptance checks it; without: 60 days of the report.
      const refusal = open
        ? await claimWindowRefusal(tx, row, open)
        : isWithinGuarantee(row.createdAt, now)
          ? null
          : ADMIN_MSG.guaranteeExpired;
      if (refusal) throw conflict(refusal);
    }
    let invoice = await invoiceOfReport(tx, id);
    if (to === 'verrechnet') invoice = await issueInvoice(tx, row, change.invoiceAddress, context);
    // Marked paid by hand: the payment is recorded like a transfer (what is owed, booked today).
    if (to === 'bezahlt') await recordManualPayment(tx, row, actor, now);
    if (to === 'garantiefall') {
      const correction = await applyGuaranteeRefund(tx, row, context);
      // A claim the company filed for this placement is decided by this step too.
      await tx
        .update(guaranteeClaims)
        .set({
          status: 'angenommen',
          decidedAt: now,
          decidedBy: actor?.id ?? null,
          refundCents: correction ? -correction.grossCents : null,
          refundDueOn: correction?.dueOn ?? null,
        })
        .where(and(eq(guaranteeClaims.placementReportId, id), eq(guaranteeClaims.status, 'offen')));
    }
    const stamp = to === 'verrechnet' ? { invoicedAt: now } : to === 'bezahlt' ? { paidAt: now } : { guaranteeAt: now };
    const [updated] = await tx
      .update(placementReports)
      .set({ status: to, ...stamp, updatedAt: now })
      .where(eq(placementReports.id, id))
      .returning();
    const result = presentPlacementReport(updated!, invoice);
    await recordAudit(tx, actor, {
      action: 'placement.status',
      entity: 'placement_report',
      entityId: id,
      before: { status: row.status },
      after: {
        status: to,
        ...stamp,
        ...(result.dueDate ? { dueDate: result.dueDate } : {}),
        ...(result.refund ? { refund: result.refund } : {}),
        ...(to === 'verrechnet' && invoice ? { invoiceNumber: invoice.number } : {}),
      },
    });
    return result;
  });
}
