import { describe, expect, it } from 'vitest';
import { addCalendarDays, creditorReferenceOf, formatCreditorReference, type GuaranteeClaim } from '@pb/core';
import { billingSuite } from '../../../test/support/billing-suite';

/**
 * GET /api/billing's statement of account through the real flow (issue 32): invoiced, paid,
 * refunded after payment, refunded before payment — what the company pays and what it receives.
 */

const suite = billingSuite();
const { ctx, consultant, otherCompany, companyReportDaysAgo, setStatus, billing, claim, decide, today, invoiceOf } =
  suite;

async function acceptClaim(reportId: number): Promise<void> {
  const filed = await claim(reportId, {
    employmentStart: addCalendarDays(today(), -20),
    employmentEnd: today(),
    endedBy: 'arbeitgeber',
    note: 'Probezeit',
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const decided = await decide((filed.json().data as GuaranteeClaim).id, { decision: 'angenommen' });
  expect(decided.statusCode, decided.body).toBe(200);
}

describe('statement of account', () => {
  it('When invoices are issued, paid and refunded, then the statement says what the company pays and what it receives', async () => {
    const owed = await companyReportDaysAgo(30, 'Rezeption Statement');
    expect((await setStatus(owed, 'verrechnet')).statusCode).toBe(200);
    const owedInvoice = await invoiceOf(owed);
    let statement = (await billing()).statement!;
    expect(statement).toMatchObject({ payCents: owedInvoice.grossCents, payBy: owedInvoice.dueOn, receiveCents: 0 });
    expect(statement.payTo?.reference).toBe(formatCreditorReference(creditorReferenceOf(owedInvoice.number)));
    expect(owedInvoice.remainingCents).toBe(owedInvoice.grossCents);

    // Paid, then refunded after the payment: money back — said on its own, not set off.
    const paid = await companyReportDaysAgo(25, 'Küche Statement');
    expect((await setStatus(paid, 'verrechnet')).statusCode).toBe(200);
    expect((await setStatus(paid, 'bezahlt')).statusCode).toBe(200);
    const paidInvoice = await invoiceOf(paid);
    expect(paidInvoice.remainingCents).toBeNull();
    await acceptClaim(paid);
    const paidRefund = await invoiceOf(paid, 'korrektur');
    statement = (await billing()).statement!;
    expect(statement).toMatchObject({
      payCents: owedInvoice.grossCents,
      receiveCents: -paidRefund.grossCents,
      receiveBy: paidRefund.dueOn,
    });
    expect(statement.lines.filter((l) => l.kind === 'zahlung').map((l) => l.cents)).toEqual([-paidInvoice.grossCents]);
    expect(statement.payTo?.reference).toBe(formatCreditorReference(creditorReferenceOf(owedInvoice.number)));

    // Refunded before payment: the open invoice shows what remains of it.
    await acceptClaim(owed);
    const owedRefund = await invoiceOf(owed, 'korrektur');
    const overview = await billing();
    const reduced = overview.invoices.find((i) => i.id === owedInvoice.id)!;
    expect(reduced.remainingCents).toBe(owedInvoice.grossCents + owedRefund.grossCents);
    expect(overview.statement).toMatchObject({
      payCents: owedInvoice.grossCents + owedRefund.grossCents,
      receiveCents: -paidRefund.grossCents,
    });

    // Nobody else's: another company sees none of it, a consultant has no statement.
    expect((await billing(otherCompany)).statement!.lines).toEqual([]);
    const earnings = await ctx.request({ method: 'GET', url: '/api/earnings', token: consultant.token });
    expect(earnings.json().data.statement).toBeNull();
  });
});
