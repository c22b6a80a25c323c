import { eq } from 'drizzle-orm';
import { BILLING_MSG, calculateFees, type InvoiceCorrection } from '@pb/core';
import type { Db } from '../../db/client';
import { creditNotes, placementReports } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import { customerOfInvoice, invoiceOfReport, issueInvoiceTo, type BillingContext, type InvoiceRow } from './invoices';
import { issueStorno } from './correction-invoices';
import { netPaidCentsOfReport, settleIfPaid } from './placement-money';
import { bookRefundPayout } from './refund-payouts';

/**
 * A corrected amount after invoicing (issue 12): the back office changes bonus and/or salary
 * with a reason; the invoice in force is cancelled by a Storno-/Korrekturrechnung referring to
 * its number and a new invoice with the corrected amounts is issued — one transaction, audited.
 * After payment (issue 34) the new invoice names what was paid: a lower amount books the excess as
 * a refund payout to the company, a higher one opens the placement again for the rest (reminded
 * like any invoice). Refused once the agency's share is settled by credit note (that document would
 * need its own correction) and after a guarantee case. Returns the corrected report and its new
 * invoice (the route presents them).
 */
export async function correctInvoicedAmount(
  db: Db,
  actor: CurrentUser,
  reportId: number,
  input: InvoiceCorrection,
  context: BillingContext,
): Promise<{ report: typeof placementReports.$inferSelect; invoice: InvoiceRow }> {
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(placementReports).where(eq(placementReports.id, reportId)).for('update');
    if (!report) throw notFound(BILLING_MSG.noInvoiceToCorrect);
    // A guarantee case's refund was computed on the amount as it was.
    if (report.status === 'garantiefall') throw conflict(BILLING_MSG.correctionNotAllowed);
    const [settled] = await tx
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(eq(creditNotes.placementReportId, reportId))
      .limit(1);
    if (settled) throw conflict(BILLING_MSG.correctionAfterCreditNote);
    const original = report.status === 'gemeldet' ? null : await invoiceOfReport(tx, reportId);
    if (!original) throw conflict(BILLING_MSG.noInvoiceToCorrect);
    if (Number(report.placementBonus) === input.placementBonus && Number(report.actualSalary) === input.actualSalary) {
      throw conflict(BILLING_MSG.correctionUnchanged);
    }
    const fees = calculateFees(input.placementBonus, input.actualSalary);
    const [corrected] = await tx
      .update(placementReports)
      .set({
        placementBonus: input.placementBonus,
        actualSalary: input.actualSalary,
        placementFee: fees.placementFee,
        serviceFee: fees.serviceFee,
        updatedAt: context.now,
      })
      .where(eq(placementReports.id, reportId))
      .returning();
    // Net of refunds already booked: a second correction must not count money that goes back.
    const paidCents = await netPaidCentsOfReport(tx, reportId);
    const storno = await issueStorno(tx, corrected!, original, input.reason, context);
    const reissued = await issueInvoiceTo(tx, corrected!, customerOfInvoice(original), context, paidCents);
    const refund =
      paidCents > reissued.grossCents
        ? await bookRefundPayout(tx, corrected!, storno, context.now, context.publicUrl)
        : null;
    let result = corrected!;
    if (report.paidAt !== null && paidCents < reissued.grossCents) {
      // The rest is owed again: unpaid, so statements, reminders and bank imports treat it as open.
      const [reopened] = await tx
        .update(placementReports)
        .set({ status: 'verrechnet', paidAt: null, updatedAt: context.now })
        .where(eq(placementReports.id, reportId))
        .returning();
      result = reopened!;
    } else if (paidCents > 0 && (await settleIfPaid(tx, corrected!, actor, context.now))) {
      // A part payment that covers the lowered amount pays the placement (the agency's share follows).
      const [paid] = await tx.select().from(placementReports).where(eq(placementReports.id, reportId));
      result = paid!;
    }
    await recordAudit(tx, actor, {
      action: 'invoice.correct',
      entity: 'placement_report',
      entityId: reportId,
      before: {
        placementBonus: Number(report.placementBonus),
        actualSalary: Number(report.actualSalary),
        invoice: original.number,
      },
      after: {
        ...input,
        storno: storno.number,
        invoice: reissued.number,
        ...(paidCents > 0
          ? { paidCents, refundCents: refund?.amountCents ?? 0, reopened: result.paidAt === null }
          : {}),
      },
    });
    return { report: result, invoice: reissued };
  });
}
