import { describe, expect, it } from 'vitest';
import type { InvoiceIssuer } from '@pb/core';
import { creditorReferenceOf, formatCreditorReference } from '@pb/core';
import { buildStatement, outstandingCents, type ReportPayment } from './statement';

/** The statement's arithmetic on rows as the database holds them (the API journey: statement-api.test.ts). */

const issuer: InvoiceIssuer = {
  name: 'Prämienbörse GmbH',
  address: 'Graben 1, 1010 Wien',
  uid: 'ATU12345678',
  register: 'FN 123456a, Handelsgericht Wien',
  iban: 'AT611904300234573201',
  bic: 'BKAUATWW',
  bank: 'Bank Austria',
  email: 'office@praemienboerse.at',
};

let nextId = 1;
function row(reportId: number, kind: 'rechnung' | 'korrektur', grossCents: number, day: string, dueOn: string) {
  const id = nextId++;
  return {
    id,
    placementReportId: reportId,
    kind,
    number: `2026-${String(id).padStart(6, '0')}`,
    grossCents,
    issuedOn: day,
    dueOn,
    correctsInvoiceId: null,
  };
}
const report = (id: number) => ({ id, jobTitle: `Stelle ${id}` });
let nextPayment = 1;
const payment = (reportId: number, bookedOn: string, cents: number): ReportPayment => ({
  placementReportId: reportId,
  paymentId: nextPayment++,
  bookedOn,
  cents,
});

describe('buildStatement', () => {
  it('When an invoice is open, then the customer pays its amount by its due date to the platform, naming its RF reference', () => {
    const invoice = row(1, 'rechnung', 720_720, '2026-11-02', '2026-11-20');
    const statement = buildStatement([report(1)], [invoice], [], issuer);
    expect(statement).toMatchObject({ payCents: 720_720, payBy: '2026-11-20', receiveCents: 0, receiveBy: null });
    expect(statement.payTo).toEqual({
      recipient: 'Prämienbörse GmbH',
      bank: 'Bank Austria',
      iban: 'AT61 1904 3002 3457 3201',
      bic: 'BKAUATWW',
      reference: formatCreditorReference(creditorReferenceOf(invoice.number)),
      structured: true,
    });
  });

  it('When part of an invoice was paid, then the payment is a line and the rest is what the customer pays', () => {
    const invoice = row(1, 'rechnung', 720_720, '2026-11-02', '2026-11-20');
    const statement = buildStatement([report(1)], [invoice], [payment(1, '2026-11-10', 20_720)], issuer);
    expect(statement).toMatchObject({ payCents: 700_000, receiveCents: 0 });
    expect(statement.lines.map((l) => [l.date, l.kind, l.cents])).toEqual([
      ['2026-11-02', 'rechnung', 720_720],
      ['2026-11-10', 'zahlung', -20_720],
    ]);
  });

  it('When a guarantee refund comes before payment, then it reduces what is paid, not money to expect', () => {
    const invoice = row(1, 'rechnung', 720_720, '2026-11-02', '2026-11-20');
    const refund = row(1, 'korrektur', -360_360, '2026-11-10', '2026-11-30');
    const statement = buildStatement([report(1)], [invoice, refund], [], issuer);
    expect(statement).toMatchObject({ payCents: 360_360, payBy: '2026-11-20', receiveCents: 0 });
    expect(statement.lines.map((l) => [l.kind, l.cents])).toEqual([
      ['rechnung', 720_720],
      ['korrektur', -360_360],
    ]);
    expect(outstandingCents([invoice, refund], [])).toBe(360_360);
  });

  it('When the invoice was paid and a refund follows, then the customer receives it by the refund date', () => {
    const invoice = row(1, 'rechnung', 720_720, '2026-11-02', '2026-11-20');
    const refund = row(1, 'korrektur', -360_360, '2026-11-25', '2026-12-15');
    const statement = buildStatement([report(1)], [invoice, refund], [payment(1, '2026-11-18', 720_720)], issuer);
    expect(statement).toMatchObject({ payCents: 0, payTo: null, receiveCents: 360_360, receiveBy: '2026-12-15' });
    expect(statement.lines.map((l) => [l.date, l.kind, l.cents])).toEqual([
      ['2026-11-02', 'rechnung', 720_720],
      ['2026-11-18', 'zahlung', -720_720],
      ['2026-11-25', 'korrektur', -360_360],
    ]);
  });

  it('When an amount was corrected before payment, then the payment settled the corrected amount', () => {
    const first = row(1, 'rechnung', 720_720, '2026-10-01', '2026-10-20');
    const cancel = row(1, 'korrektur', -720_720, '2026-10-05', '2026-10-05');
    const second = row(1, 'rechnung', 600_000, '2026-10-05', '2026-10-24');
    const statement = buildStatement([report(1)], [first, cancel, second], [payment(1, '2026-10-20', 600_000)], issuer);
    expect(statement).toMatchObject({ payCents: 0, receiveCents: 0 });
    expect(statement.lines.find((l) => l.kind === 'zahlung')?.cents).toBe(-600_000);
  });

  it('When one placement is owed and another refunded, then each is said on its own, never set off; paid in full is balanced', () => {
    const owed = row(1, 'rechnung', 500_000, '2026-11-02', '2026-11-20');
    const paid = row(2, 'rechnung', 720_720, '2026-10-01', '2026-10-20');
    const refund = row(2, 'korrektur', -360_360, '2026-11-05', '2026-11-25');
    const both = buildStatement(
      [report(1), report(2)],
      [owed, paid, refund],
      [payment(2, '2026-10-15', 720_720)],
      issuer,
    );
    // No set-off is recorded: the company pays its open invoice in full and receives the refund.
    expect(both).toMatchObject({
      payCents: 500_000,
      payBy: '2026-11-20',
      receiveCents: 360_360,
      receiveBy: '2026-11-25',
    });
    expect(both.payTo?.reference).toBe(formatCreditorReference(creditorReferenceOf(owed.number)));

    const settled = buildStatement([report(2)], [paid], [payment(2, '2026-10-15', 720_720)], issuer);
    expect(settled).toMatchObject({ payCents: 0, payBy: null, payTo: null, receiveCents: 0, receiveBy: null });
    expect(buildStatement([], [], [], issuer)).toMatchObject({ payCents: 0, receiveCents: 0, lines: [] });
  });
});
