import { and, eq, inArray, sql } from 'drizzle-orm';
import { viennaDate, type InvoiceReminder } from '@pb/core';
import type { Db } from '../../db/client';
import {
  dunningNotices,
  incomingPayments,
  invoices,
  paymentAllocations,
  payoutBatchItems,
  payoutItems,
  placementReports,
} from '../../db/schema';
import type { ReportPayment } from './statement';

/**
 * What the money pages read besides invoices (issue 34): the payments assigned to placements and
 * the reminders sent for invoices; and the stored PDFs of both kinds of document with what the
 * policy needs to decide who may read them.
 */

export type ReminderSummary = Omit<InvoiceReminder, 'url'>;

/** What each payment gave each of the placements and the refunds paid back (the statement's payment lines), by day. */
export async function paymentsOf(db: Db, reportIds: number[]): Promise<ReportPayment[]> {
  if (reportIds.length === 0) return [];
  const rows = await db
    .select({
      placementReportId: paymentAllocations.placementReportId,
      paymentId: paymentAllocations.paymentId,
      bookedOn: incomingPayments.bookedOn,
      cents: sql<string>`sum(${paymentAllocations.cents})`,
      purpose: paymentAllocations.purpose,
    })
    .from(paymentAllocations)
    .innerJoin(incomingPayments, eq(incomingPayments.id, paymentAllocations.paymentId))
    // The invoices' payments (a penalty's apart); what paid a reminder's interest and fee is not an invoice's.
    .where(
      and(
        inArray(paymentAllocations.placementReportId, reportIds),
        inArray(paymentAllocations.purpose, ['rechnung', 'vertragsstrafe']),
      ),
    )
    .groupBy(
      paymentAllocations.placementReportId,
      paymentAllocations.paymentId,
      incomingPayments.bookedOn,
      paymentAllocations.purpose,
    )
    .orderBy(incomingPayments.bookedOn, paymentAllocations.paymentId);
  // Refunds transferred back (paid-out payout items) count against what was paid.
  const refunds = await db
    .select({
      placementReportId: payoutItems.placementReportId,
      paymentId: payoutItems.id,
      decidedAt: payoutBatchItems.decidedAt,
      cents: payoutBatchItems.amountCents,
    })
    .from(payoutItems)
    .innerJoin(payoutBatchItems, eq(payoutBatchItems.payoutItemId, payoutItems.id))
    .where(
      and(
        inArray(payoutItems.placementReportId, reportIds),
        eq(payoutItems.kind, 'rueckerstattung'),
        eq(payoutBatchItems.status, 'ausgezahlt'),
      ),
    );
  return [
    ...rows.map((r) => ({
      ...r,
      cents: Number(r.cents),
      kind: 'zahlung' as const,
      penalty: r.purpose === 'vertragsstrafe',
    })),
    ...refunds.map((r) => ({
      placementReportId: r.placementReportId,
      paymentId: r.paymentId,
      bookedOn: viennaDate(r.decidedAt!),
      cents: -r.cents,
      kind: 'auszahlung' as const,
    })),
  ].sort((a, b) => a.bookedOn.localeCompare(b.bookedOn));
}

/** The reminders sent for the invoices, by invoice, oldest first (issue 34). */
export async function remindersOf(db: Db, invoiceIds: number[]): Promise<Map<number, ReminderSummary[]>> {
  const byInvoice = new Map<number, ReminderSummary[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select({
      id: dunningNotices.id,
      invoiceId: dunningNotices.invoiceId,
      level: dunningNotices.level,
      issuedOn: dunningNotices.issuedOn,
      payBy: dunningNotices.payBy,
      totalCents: dunningNotices.totalCents,
    })
    .from(dunningNotices)
    .where(inArray(dunningNotices.invoiceId, invoiceIds))
    .orderBy(dunningNotices.id);
  for (const { invoiceId, ...reminder } of rows) {
    const list = byInvoice.get(invoiceId);
    if (list) list.push(reminder);
    else byInvoice.set(invoiceId, [reminder]);
  }
  return byInvoice;
}

/** An invoice's stored PDF with what the policy needs. */
export async function invoicePdf(db: Db, id: number) {
  const [row] = await db
    .select({
      number: invoices.number,
      kind: invoices.kind,
      companyOrganisationId: placementReports.companyOrganisationId,
      pdf: invoices.pdf,
    })
    .from(invoices)
    .innerJoin(placementReports, eq(placementReports.id, invoices.placementReportId))
    .where(eq(invoices.id, id))
    .limit(1);
  return row ?? null;
}

/** A reminder's stored PDF with what the policy needs. */
export async function reminderPdf(db: Db, id: number) {
  const [row] = await db
    .select({
      level: dunningNotices.level,
      number: invoices.number,
      companyOrganisationId: placementReports.companyOrganisationId,
      pdf: dunningNotices.pdf,
    })
    .from(dunningNotices)
    .innerJoin(invoices, eq(invoices.id, dunningNotices.invoiceId))
    .innerJoin(placementReports, eq(placementReports.id, dunningNotices.placementReportId))
    .where(eq(dunningNotices.id, id))
    .limit(1);
  return row ?? null;
}
