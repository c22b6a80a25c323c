import { eq, inArray, sql } from 'drizzle-orm';
import { invoiceNumbersInText, type AllocationMethod, type AllocationPurpose } from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invoices, paymentAllocations, placementReports } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { invoiceOfReport, openCentsOfReport, settleIfPaid } from '../billing';

/**
 * Assigning incoming money to placements' invoices (issue 34). What a placement's customer still
 * owes is its invoices (corrections included) less what was assigned to them; a payment is
 * assigned to the invoice in force of each placement it names, never beyond what is owed, and the
 * placement is settled ('bezahlt', paid_at) when nothing is left. Every caller holds the
 * placement's row lock while it computes and assigns (lock order: report, then money rows).
 */

/** Serialises imports (two files with the same entries, two instances): one booking at a time. */
export const PAYMENT_BOOKING_LOCK = 3_400_034;

export type PlacementReport = typeof placementReports.$inferSelect;

/** What the placement's reminders claimed (interest, flat fee) and is not paid yet, cents. */
export async function openChargesOfReport(tx: Db, reportId: number): Promise<number> {
  const [row] = rowsOf<{ claimed: string; allocated: string }>(
    await tx.execute(sql`
      SELECT
        coalesce((SELECT sum(interest_cents + flat_fee_cents) FROM dunning_notices
                  WHERE placement_report_id = ${reportId}), 0) AS claimed,
        coalesce((SELECT sum(cents) FROM payment_allocations
                  WHERE placement_report_id = ${reportId} AND purpose = 'mahnkosten'), 0) AS allocated`),
  );
  return Number(row!.claimed) - Number(row!.allocated);
}

export interface Allocated {
  invoiceNumber: string;
  placementReportId: number;
  cents: number;
  settled: boolean;
}

/**
 * Assigns up to `cents` of a payment to the placement of `invoiceNumber` (its invoice in force),
 * at most what the placement still owes, and settles the placement when that paid it (unless the
 * caller's own status change does). Returns null for an unknown number or nothing owed.
 */
export async function allocateToInvoice(
  tx: Db,
  payment: { id: number; cents: number },
  invoiceNumber: string,
  method: AllocationMethod,
  actor: CurrentUser | null,
  now: Date,
  /** settle: false — the caller's status change settles; only: what to pay (default the invoice, then its costs). */
  options: { settle?: boolean; only?: AllocationPurpose } = {},
): Promise<Allocated | null> {
  const [named] = await tx
    .select({ id: invoices.id, reportId: invoices.placementReportId, kind: invoices.kind, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.number, invoiceNumber))
    .limit(1);
  if (!named) return null;
  const [report] = await tx
    .select()
    .from(placementReports)
    .where(eq(placementReports.id, named.reportId))
    .for('update');
  if (named.kind === 'vertragsstrafe') {
    if (!report || options.only === 'mahnkosten') return null;
    return allocateToPenalty(tx, payment, named, method, actor, now);
  }
  const target = await invoiceOfReport(tx, named.reportId);
  if (!report || !target) return null;
  // The invoice first; what the payment brings beyond pays the interest and fee its reminders claimed.
  const principal = options.only === 'mahnkosten' ? 0 : Math.min(payment.cents, await openCentsOfReport(tx, report.id));
  const charges =
    options.only === 'rechnung'
      ? 0
      : Math.min(payment.cents - Math.max(principal, 0), await openChargesOfReport(tx, report.id));
  const parts = [
    { purpose: 'rechnung' as const, cents: principal },
    { purpose: 'mahnkosten' as const, cents: charges },
  ].filter((p) => p.cents > 0);
  if (parts.length === 0) return null;
  for (const part of parts) {
    await tx.insert(paymentAllocations).values({
      paymentId: payment.id,
      invoiceId: target.id,
      placementReportId: report.id,
      cents: part.cents,
      method,
      purpose: part.purpose,
      allocatedBy: method === 'manuell' ? (actor?.id ?? null) : null,
      createdAt: now,
    });
  }
  const cents = parts.reduce((sum, p) => sum + p.cents, 0);
  const settled = options.settle === false ? false : await settleIfPaid(tx, report, actor, now);
  return { invoiceNumber: target.number, placementReportId: report.id, cents, settled };
}

/**
 * A penalty invoice (circumvention case) is paid on its own: up to what it still asks, never
 * towards the placement's fee; the placement's state does not change. The caller holds the
 * placement's row lock.
 */
async function allocateToPenalty(
  tx: Db,
  payment: { id: number; cents: number },
  invoice: { id: number; reportId: number; number: string },
  method: AllocationMethod,
  actor: CurrentUser | null,
  now: Date,
): Promise<Allocated | null> {
  const cents = Math.min(payment.cents, await openCentsOfPenalty(tx, invoice.id));
  if (cents <= 0) return null;
  await tx.insert(paymentAllocations).values({
    paymentId: payment.id,
    invoiceId: invoice.id,
    placementReportId: invoice.reportId,
    cents,
    method,
    purpose: 'vertragsstrafe',
    allocatedBy: method === 'manuell' ? (actor?.id ?? null) : null,
    createdAt: now,
  });
  return { invoiceNumber: invoice.number, placementReportId: invoice.reportId, cents, settled: false };
}

/** What a penalty invoice still asks, cents. */
export async function openCentsOfPenalty(tx: Db, invoiceId: number): Promise<number> {
  const [row] = rowsOf<{ open: string }>(
    await tx.execute(sql`
      SELECT (SELECT gross_cents FROM invoices WHERE id = ${invoiceId})
        - coalesce((SELECT sum(cents) FROM payment_allocations
                    WHERE invoice_id = ${invoiceId} AND purpose = 'vertragsstrafe'), 0) AS open`),
  );
  return Number(row?.open ?? 0);
}

/**
 * The automatic match of a new payment: the RF references it carries (structured, then in its
 * text), else the invoice numbers in its text, each in turn up to what is owed — first the invoices,
 * then what their reminders claimed. What is left stays unassigned ('unklar').
 */
export async function matchPayment(
  tx: Db,
  payment: { id: number; cents: number; reference: string | null; remittance: string | null },
  now: Date,
): Promise<{ allocated: Allocated[]; leftCents: number }> {
  const found = invoiceNumbersInText(`${payment.reference ?? ''} ${payment.remittance ?? ''}`);
  const candidates: Array<[string, AllocationMethod]> = [
    ...found.byReference.map((n): [string, AllocationMethod] => [n, 'referenz']),
    ...found.byNumber.map((n): [string, AllocationMethod] => [n, 'rechnungsnummer']),
  ];
  const allocated: Allocated[] = [];
  let left = payment.cents;
  // What the payer names is paid first: every named invoice, then their reminders' interest and fee.
  for (const only of ['rechnung', 'mahnkosten'] as const) {
    for (const [number, method] of candidates) {
      if (left <= 0) break;
      const done = await allocateToInvoice(tx, { id: payment.id, cents: left }, number, method, null, now, { only });
      if (done) {
        allocated.push(done);
        left -= done.cents;
      }
    }
  }
  return { allocated, leftCents: left };
}

/** Cents of each payment already assigned. */
export async function allocatedCentsOf(tx: Db, paymentIds: number[]): Promise<Map<number, number>> {
  const sums = new Map<number, number>();
  if (paymentIds.length === 0) return sums;
  const rows = await tx
    .select({ paymentId: paymentAllocations.paymentId, cents: sql<string>`sum(${paymentAllocations.cents})` })
    .from(paymentAllocations)
    .where(inArray(paymentAllocations.paymentId, paymentIds))
    .groupBy(paymentAllocations.paymentId);
  for (const row of rows) sums.set(row.paymentId, Number(row.cents));
  return sums;
}
