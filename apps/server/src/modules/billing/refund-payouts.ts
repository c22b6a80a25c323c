import { sql } from 'drizzle-orm';
import { addWorkingDays, formatCents, REFUND_PAYOUT_WORKING_DAYS, viennaDate } from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { payoutItems, type PlacementReportRow } from '../../db/schema';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import type { InvoiceRow } from './invoices';
import { moneyRecipients } from './legal-identity';
import { openCentsOfReport } from './placement-money';

/**
 * A correction that takes money back from a paid invoice (a guarantee refund, a lower amount after
 * payment) becomes a payout item to the company (issue 34), due 14 Austrian working days after the
 * correction: what was paid beyond what the invoices now ask, less what earlier refunds already
 * booked — never more than the correction itself. An unpaid invoice needs none: the correction
 * lowers what is owed. The money goes back to the account the company keeps for payouts, else to
 * the account it was paid from (the statement's debtor).
 */

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
  publicUrl: string,
): Promise<{ id: number; amountCents: number; dueOn: string } | null> {
  const amountCents = Math.min(-(await openCentsOfReport(tx, report.id)), -correction.grossCents);
  if (amountCents <= 0) return null;
  const fallback = await payingAccount(tx, report.id);
  const dueOn = addWorkingDays(viennaDate(now), REFUND_PAYOUT_WORKING_DAYS);
  if (!fallback && report.companyOrganisationId !== null) {
    await askForAccount(tx, report.companyOrganisationId, correction, amountCents, publicUrl);
  }
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

/** No account is known to pay the refund to: the company's money people are asked for one. */
async function askForAccount(
  tx: Db,
  organisationId: number,
  correction: InvoiceRow,
  amountCents: number,
  publicUrl: string,
): Promise<void> {
  const [kept] = rowsOf<{ kept: boolean }>(
    await tx.execute(
      sql`SELECT EXISTS (SELECT 1 FROM organisation_payout_accounts WHERE organisation_id = ${organisationId}) AS kept`,
    ),
  );
  if (kept?.kept) return;
  const link = { href: `${publicUrl}/advertisements/payouts`, label: 'Auszahlungskonto angeben' };
  const paragraphs = [
    'Guten Tag,',
    `mit der Korrekturrechnung Nr. ${correction.number} erstatten wir Ihnen ${formatCents(amountCents)}. Uns ist kein Konto bekannt, auf das wir überweisen können.`,
    'Bitte geben Sie unter „Auszahlungen“ das Konto an, auf das wir Rückerstattungen überweisen sollen.',
  ];
  for (const to of await moneyRecipients(tx, organisationId)) {
    await enqueueMail(tx, {
      event: 'payouts.account_missing',
      to,
      subject: `Rückerstattung ${formatCents(amountCents)}: Bitte nennen Sie uns Ihr Konto`,
      text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}`,
      html: simpleHtml(paragraphs, link),
    });
  }
}
