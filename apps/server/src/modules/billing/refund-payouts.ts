import { sql } from 'drizzle-orm';
import { addWorkingDays, REFUND_PAYOUT_WORKING_DAYS, viennaDate } from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { payoutItems, type PlacementReportRow } from '../../db/schema';
import type { InvoiceRow } from './invoices';

/**
 * A correction that takes money back from a paid invoice (a guarantee refund, a lower amount after
 * payment) becomes a payout item to the company (issue 34), due 14 Austrian working days after the
 * correction: what was paid beyond what the invoices now ask, less what earlier refunds already
 * booked — never more than the correction itself. An unpaid invoice needs none: the correction
 * lowers what is owed. The money goes back to the account the company keeps for payouts, else to
 * the account it was paid from (the statement's debtor).
 */

/** What payments gave the placement's invoices (not reminders' costs), cents. */
export async function paidCentsOfReport(tx: Db, reportId: number): Promise<number> {
  const [row] = rowsOf<{ paid: string }>(
    await tx.execute(sql`SELECT coalesce(sum(cents), 0) AS paid FROM payment_allocations
                         WHERE placement_report_id = ${reportId} AND purpose = 'rechnung'`),
  );
  return Number(row!.paid);
}

/** Paid beyond what the placement's invoices ask, less refunds already booked, cents (≥ 0). */
async function refundableCents(tx: Db, reportId: number): Promise<number> {
  const [row] = rowsOf<{ invoiced: string; paid: string; refunded: string }>(
    await tx.execute(sql`
      SELECT
        coalesce((SELECT sum(gross_cents) FROM invoices WHERE placement_report_id = ${reportId}), 0) AS invoiced,
        coalesce((SELECT sum(cents) FROM payment_allocations
                  WHERE placement_report_id = ${reportId} AND purpose = 'rechnung'), 0) AS paid,
        coalesce((SELECT sum(amount_cents) FROM payout_items
                  WHERE placement_report_id = ${reportId} AND kind = 'rueckerstattung'), 0) AS refunded`),
  );
  return Math.max(0, Number(row!.paid) - Number(row!.invoiced) - Number(row!.refunded));
}

/** The account the placement's last bank payment came from, for a company that keeps no payout account. */
async function payingAccount(tx: Db, reportId: number): Promise<{ holder: string; iban: string } | null> {
  const [row] = rowsOf<{ debtor_name: string | null; debtor_iban: string | null }>(
    await tx.execute(sql`
      SELECT p.debtor_name, p.debtor_iban FROM payment_allocations a
      JOIN incoming_payments p ON p.id = a.payment_id
      WHERE a.placement_report_id = ${reportId} AND p.debtor_iban IS NOT NULL
      ORDER BY p.booked_on DESC, p.id DESC LIMIT 1`),
  );
  return row?.debtor_iban ? { holder: row.debtor_name ?? '', iban: row.debtor_iban } : null;
}

/** Books the refund a correction causes; null when nothing was paid beyond what is now owed. */
export async function bookRefundPayout(
  tx: Db,
  report: PlacementReportRow,
  correction: InvoiceRow,
  now: Date,
): Promise<{ id: number; amountCents: number; dueOn: string } | null> {
  const amountCents = Math.min(await refundableCents(tx, report.id), -correction.grossCents);
  if (amountCents <= 0) return null;
  const fallback = await payingAccount(tx, report.id);
  const dueOn = addWorkingDays(viennaDate(now), REFUND_PAYOUT_WORKING_DAYS);
  const [item] = await tx
    .insert(payoutItems)
    .values({
      kind: 'rueckerstattung',
      placementReportId: report.id,
      organisationId: report.companyOrganisationId,
      payeeName: correction.customerName,
      amountCents,
      dueOn,
      invoiceId: correction.id,
      purpose: `Korrekturrechnung ${correction.number} Meldung ${report.id}`,
      fallbackAccountHolder: fallback?.holder || correction.customerName,
      fallbackIban: fallback?.iban ?? null,
    })
    .returning({ id: payoutItems.id });
  return { id: item!.id, amountCents, dueOn };
}
