import { and, eq, lt, sql } from 'drizzle-orm';
import { computeFeeLine, computeGuaranteeRefund, SERVICE_FEE_PERCENT, type FeeLine } from '@pb/core';
import type { Db } from '../../db/client';
import { invoices, paymentAllocations, payoutItems, placementReports } from '../../db/schema';
import { guaranteeRefundLines, STORNO_PAYMENT_NOTE, stornoLines } from './correction-invoices';
import type { EInvoiceDocument, EInvoiceLine } from './e-invoice';
import { customerOfInvoice, feeInvoiceLines, type InvoiceRow } from './invoices';
import { PENALTY_LINE_LABEL } from './penalty-invoice';

/**
 * What an issued invoice's e-invoice says, read from the invoice as stored (issue 34), never from
 * its report (a corrected amount changes the report, not the invoices issued before). Lines are
 * not stored: they are derived from the stored amounts, so they always add up to the net. A fee
 * invoice's bonus and service fee are the one split of its net the fee sheet allows; a
 * correction's lines follow from the invoice it corrects: the whole net (Storno) or the guarantee
 * refund's halves; anything else (the penalty) is one line over its net.
 */

/** The bonus and service fee that add up to a fee invoice's net (the fee sheet at 100 % of the bonus), else null. */
export function feeSplitOf(netCents: number): FeeLine | null {
  const guess = Math.floor((netCents * 100) / (100 + SERVICE_FEE_PERCENT));
  for (const bonusCents of [guess - 1, guess, guess + 1, guess + 2]) {
    if (bonusCents < 0) continue;
    try {
      const line = computeFeeLine(100, bonusCents);
      if (line.netCents === netCents) return line;
    } catch {
      return null; // beyond the fee sheet's limits: no fee invoice has such a net
    }
  }
  return null;
}

const asLines = (lines: Array<{ label: string; cents: number }>, sign: 1 | -1): EInvoiceLine[] =>
  lines.map((l) => ({ name: l.label, cents: sign * l.cents }));

/**
 * A fee invoice's two lines, from its stored net alone: the report may carry a corrected amount
 * since, and the e-invoice must say the same every time it is downloaded.
 */
function feeLines(row: InvoiceRow): EInvoiceLine[] | null {
  const split = feeSplitOf(row.netCents);
  return split ? asLines(feeInvoiceLines(split, null), 1) : null;
}

/** A correction's lines (negative, as stored) from the invoice it corrects. */
function correctionLines(row: InvoiceRow, original: InvoiceRow): { lines: EInvoiceLine[] | null; note: string | null } {
  if (row.netCents === -original.netCents)
    return { lines: asLines(stornoLines(original), -1), note: STORNO_PAYMENT_NOTE };
  const split = feeSplitOf(original.netCents);
  const refund = split ? computeGuaranteeRefund(split, { reverseCharge: original.reverseCharge }) : null;
  if (refund && refund.netCents === -row.netCents)
    return { lines: asLines(guaranteeRefundLines(refund), -1), note: null };
  return { lines: null, note: null };
}

/**
 * What was paid on the placement's invoices before `row` was issued, net of refunds booked: a
 * re-issue after a corrected amount names it (the PDF's 'Bereits bezahlt', computed then in
 * corrections.ts). Exactly that sum, read from the ids: a payment is assigned to the invoice in
 * force when it is booked (so before `row`: to an earlier invoice), a refund to the correction
 * that caused it (before `row`: to one earlier than the cancellation `row` follows, which books
 * its own refund after the amount was taken).
 */
async function paidBefore(db: Db, row: InvoiceRow): Promise<number> {
  const [cancellation] = await db
    .select({ id: sql<number>`max(${invoices.id})` })
    .from(invoices)
    .where(
      and(
        eq(invoices.placementReportId, row.placementReportId),
        eq(invoices.kind, 'korrektur'),
        lt(invoices.id, row.id),
      ),
    );
  // The placement's first invoice: nothing can have been paid before it.
  if (cancellation?.id === null || cancellation?.id === undefined) return 0;
  const [paid] = await db
    .select({ cents: sql<string>`coalesce(sum(${paymentAllocations.cents}), 0)` })
    .from(paymentAllocations)
    .where(
      and(
        eq(paymentAllocations.placementReportId, row.placementReportId),
        eq(paymentAllocations.purpose, 'rechnung'),
        lt(paymentAllocations.invoiceId, row.id),
      ),
    );
  const [refunded] = await db
    .select({ cents: sql<string>`coalesce(sum(${payoutItems.amountCents}), 0)` })
    .from(payoutItems)
    .where(
      and(
        eq(payoutItems.placementReportId, row.placementReportId),
        eq(payoutItems.kind, 'rueckerstattung'),
        lt(payoutItems.invoiceId, Number(cancellation.id)),
      ),
    );
  return Math.max(0, Number(paid!.cents) - Number(refunded!.cents));
}

/** The invoice's e-invoice content with what the policy needs, or null when there is no such invoice. */
export async function eInvoiceOf(
  db: Db,
  id: number,
): Promise<{ companyOrganisationId: number | null; kind: InvoiceRow['kind']; document: EInvoiceDocument } | null> {
  const [found] = await db
    .select({ invoice: invoices, report: placementReports })
    .from(invoices)
    .innerJoin(placementReports, eq(placementReports.id, invoices.placementReportId))
    .where(eq(invoices.id, id))
    .limit(1);
  if (!found) return null;
  const { invoice: row, report } = found;
  const [original] =
    row.correctsInvoiceId === null
      ? []
      : await db.select().from(invoices).where(eq(invoices.id, row.correctsInvoiceId)).limit(1);
  const derived =
    row.kind === 'rechnung'
      ? { lines: feeLines(row), note: null }
      : row.kind === 'korrektur' && original
        ? correctionLines(row, original)
        : { lines: null, note: null };
  // The penalty's one line; a line over the net where nothing else fits (never for invoices issued here).
  const lines = derived.lines ?? [
    { name: row.kind === 'vertragsstrafe' ? PENALTY_LINE_LABEL : row.description, cents: row.netCents },
  ];
  const document: EInvoiceDocument = {
    kind: row.kind,
    number: row.number,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    // A penalty's date is the report's, not a service's.
    deliveredOn: row.kind === 'vertragsstrafe' ? null : row.placementDate,
    placementReportId: row.placementReportId,
    corrects: original ? { number: original.number, issuedOn: original.issuedOn } : null,
    issuer: row.issuer,
    customer: customerOfInvoice(row),
    description: row.description,
    lines,
    netCents: row.netCents,
    vatCents: row.vatCents,
    grossCents: row.grossCents,
    reverseCharge: row.reverseCharge,
    prepaidCents: row.kind === 'rechnung' ? await paidBefore(db, row) : 0,
    settlementNote: derived.note,
  };
  return { companyOrganisationId: report.companyOrganisationId, kind: row.kind, document };
}
