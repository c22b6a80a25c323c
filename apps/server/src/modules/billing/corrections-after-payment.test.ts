import { describe, expect, it } from 'vitest';
import { BILLING_MSG, formatCents, type Invoice, type PayoutItem } from '@pb/core';
import { pdfText } from '../../../test/support/billing-suite';
import { qrCodesIn } from '../../../test/support/pdf-images';
import { COMPANY_IBAN, DUE_AFTER_DAYS, payoutSuite } from '../../../test/support/payouts';

/**
 * Issue 34: a corrected amount after payment is no longer refused. The paid invoice is cancelled
 * and re-issued naming what was paid; a lower amount becomes a refund payout to the company, a
 * higher one is owed again (the placement is open, the new invoice's payment code asks for the
 * rest). Refused once the agency's share is settled by credit note and after a guarantee case.
 */

const s = payoutSuite();
const { ctx, admin, company, consultant, correct } = s;

async function reissuedOf(reportId: number, before: Invoice): Promise<Invoice> {
  const invoices = (await s.billing()).invoices.filter((i) => i.placementReportId === reportId);
  return invoices.find((i) => i.kind === 'rechnung' && i.id !== before.id)!;
}

const pdfOf = async (invoice: Invoice) =>
  (await ctx.request({ method: 'GET', url: invoice.url, token: company.token })).rawPayload;

describe('corrections after payment', () => {
  it('When a paid amount is corrected down, then the new invoice names the payment and the excess is a refund payout', async () => {
    const { id, invoice } = await s.paidPlacement('Sous-Chef', 10);
    const res = await correct(id, { placementBonus: 20, actualSalary: 50000, reason: 'Gehalt laut Dienstvertrag' });
    expect(res.statusCode, res.body).toBe(200);
    const reissued = await reissuedOf(id, invoice);
    // 20 % of 50,000 € + 10 % fee + 20 % USt = 13,200 €; paid 15,840 €.
    expect(reissued.grossCents).toBe(1_320_000);
    const text = await pdfText(await pdfOf(reissued));
    expect(text).toContain('Bereits bezahlt');
    expect(text).toContain(`Guthaben (wird erstattet) ${formatCents(264_000).replace(/\s/g, ' ')}`);
    expect(await qrCodesIn(await pdfOf(reissued))).toEqual([]);
    const placement = (await s.billing()).placements.find((p) => p.id === id)!;
    expect(placement.status).toBe('bezahlt');
    const items = (await s.call(company.token, 'GET', '/api/payouts')).json().data.items as PayoutItem[];
    expect(items).toEqual([
      expect.objectContaining({ kind: 'rueckerstattung', placementReportId: id, amountCents: 264_000 }),
    ]);
    const [row] = await ctx.database.query<{ fallback_iban: string }>(
      'SELECT fallback_iban FROM payout_items WHERE placement_report_id = $1',
      [id],
    );
    expect(row!.fallback_iban).toBe(COMPANY_IBAN);
  });

  it('When a paid amount is corrected up, then the placement is open for the rest and paying it settles it again', async () => {
    const { id, invoice } = await s.paidPlacement('Chef de Rang', 10);
    expect(
      (await correct(id, { placementBonus: 25, actualSalary: 60000, reason: 'Prämie laut Inserat' })).statusCode,
    ).toBe(200);
    const reissued = await reissuedOf(id, invoice);
    // 25 % of 60,000 € + fee + USt = 19,800 €; 15,840 € paid, 3,960 € open.
    expect(reissued.grossCents).toBe(1_980_000);
    const [code] = await qrCodesIn(await pdfOf(reissued));
    expect(code!.split('\n')[7]).toBe('EUR3960.00');
    expect((await s.billing()).placements.find((p) => p.id === id)!.status).toBe('verrechnet');
    await s.payByBank(admin, { number: reissued.number, grossCents: 396_000 });
    expect((await s.billing()).placements.find((p) => p.id === id)!.status).toBe('bezahlt');
    // No refund was booked for it.
    const [refunds] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payout_items WHERE placement_report_id = $1',
      [id],
    );
    expect(refunds!.n).toBe(0);
  });

  it('When an amount corrected down is corrected up again, then the refund already booked counts: only the rest is owed', async () => {
    const { id, invoice } = await s.paidPlacement('Hausdame', 10);
    expect((await correct(id, { placementBonus: 20, actualSalary: 50000, reason: 'Gehalt' })).statusCode).toBe(200);
    const lowered = await reissuedOf(id, invoice);
    // 15,840 € paid, 13,200 € owed: 2,640 € booked back. Then 22 % of 50,000 €: 14,520 € owed.
    expect((await correct(id, { placementBonus: 22, actualSalary: 50000, reason: 'Prämie' })).statusCode).toBe(200);
    const raised = (await s.billing()).invoices
      .filter((i) => i.placementReportId === id && i.kind === 'rechnung')
      .sort((a, b) => b.id - a.id)[0]!;
    expect(raised.id).not.toBe(lowered.id);
    const [code] = await qrCodesIn(await pdfOf(raised));
    // Net paid 13,200 €: 1,320 € open, asked by the code; the placement is open again.
    expect(code!.split('\n')[7]).toBe('EUR1320.00');
    expect((await s.billing()).placements.find((p) => p.id === id)!.status).toBe('verrechnet');
  });

  it('When a part payment covers a corrected amount, then the placement is paid and the storno says it is set off', async () => {
    const id = await s.companyReportDaysAgo(5, 'Barista');
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    const invoice = await s.invoiceOf(id);
    await s.payByBank(admin, { number: invoice.number, grossCents: 1_320_000 });
    expect((await s.billing()).placements.find((p) => p.id === id)!.status).toBe('verrechnet');
    expect((await correct(id, { placementBonus: 20, actualSalary: 50000, reason: 'Gehalt' })).statusCode).toBe(200);
    expect((await s.billing()).placements.find((p) => p.id === id)!.status).toBe('bezahlt');
    const storno = (await s.billing()).invoices.find((i) => i.placementReportId === id && i.kind === 'korrektur')!;
    const text = await pdfText(await pdfOf(storno));
    expect(text).toContain('Der Betrag wird mit der korrigierten Rechnung verrechnet');
    expect(text).not.toContain('überweisen wir');
  });

  it('When the share is settled by credit note or the placement is a guarantee case, then the correction is refused', async () => {
    await s.agencyIdentity(consultant);
    expect((await s.payoutAccount(consultant)).statusCode).toBe(200);
    const settled = await s.paidPlacement('Patissier', DUE_AFTER_DAYS);
    expect(await s.settle(admin)).toBeGreaterThanOrEqual(1);
    const refused = await correct(settled.id, { placementBonus: 10, actualSalary: 60000, reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(BILLING_MSG.correctionAfterCreditNote);

    const guarantee = await s.paidPlacement('Commis', 20);
    await s.acceptedClaim(guarantee.id, 15);
    const refusedAgain = await correct(guarantee.id, { placementBonus: 10, actualSalary: 60000, reason: 'x' });
    expect(refusedAgain.statusCode).toBe(409);
    expect(refusedAgain.json().error.message).toBe(BILLING_MSG.correctionNotAllowed);
  });
});
