import { eq } from 'drizzle-orm';
import { BILLING_MSG, calculateFees, type InvoiceCorrection } from '@pb/core';
import type { Db } from '../../db/client';
import { placementReports } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import {
  customerOfInvoice,
  invoiceOfReport,
  issueInvoiceTo,
  issueStorno,
  type BillingContext,
  type InvoiceRow,
} from './invoices';

/**
 * A corrected amount after invoicing (issue 12): the back office changes bonus and/or salary
 * with a reason; the invoice in force is cancelled by a Storno-/Korrekturrechnung referring to
 * its number and a new invoice with the corrected amounts is issued — one transaction, audited.
 * Returns the corrected report and its new invoice (the route presents them).
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
    // Paid or refunded: the difference would be money to move, not an invoice to replace.
    if (report.status === 'bezahlt' || report.status === 'garantiefall')
      throw conflict(BILLING_MSG.correctionNotAllowed);
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
    const storno = await issueStorno(tx, corrected!, original, input.reason, context);
    const reissued = await issueInvoiceTo(tx, corrected!, customerOfInvoice(original), context);
    await recordAudit(tx, actor, {
      action: 'invoice.correct',
      entity: 'placement_report',
      entityId: reportId,
      before: {
        placementBonus: Number(report.placementBonus),
        actualSalary: Number(report.actualSalary),
        invoice: original.number,
      },
      after: { ...input, storno: storno.number, invoice: reissued.number },
    });
    return { report: corrected!, invoice: reissued };
  });
}
