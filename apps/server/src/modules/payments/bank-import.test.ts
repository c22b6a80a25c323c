import { describe, expect, it } from 'vitest';
import {
  creditorReferenceOf,
  formatCreditorReference,
  type BankStatement,
  type BankStatementImport,
  type IncomingPayment,
  type Invoice,
} from '@pb/core';
import { billingSuite } from '../../../test/support/billing-suite';
import { camtXml, uploadStatement, type TestStatement } from '../../../test/support/camt';
import type { TestUser } from '../../../test/factories';

/**
 * Issue 34: bank statements bring the money in. Credits are matched by RF reference, else by the
 * invoice number in the text, else wait in the 'unklar' queue; partial, over- and combined payments;
 * a file imported twice books nothing twice; a foreign or broken file books nothing.
 */

const s = billingSuite();
const { ctx, admin, company, consultant } = s;
const IBAN = 'AT611904300234573201';

const upload = (xml: string, user: TestUser = admin, name = 'auszug.xml') =>
  uploadStatement(ctx, user.token, xml, name);

async function imported(statement: Omit<TestStatement, 'iban'> & { iban?: string }): Promise<BankStatementImport> {
  const res = await upload(camtXml({ iban: IBAN, ...statement }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BankStatementImport;
}

async function payments(state: 'unklar' | 'alle' = 'alle'): Promise<IncomingPayment[]> {
  const res = await ctx.request({ method: 'GET', url: `/api/admin/payments?state=${state}`, token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as IncomingPayment[];
}

/** A company report invoiced now; its invoice. */
async function invoiced(title: string): Promise<Invoice> {
  const id = await s.companyReport(title);
  expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
  return s.invoiceOf(id);
}

const statusOf = async (reportId: number) => (await s.billing()).placements.find((p) => p.id === reportId)!.status;

describe('importing a bank statement', () => {
  it('When a transfer carries the invoice’s RF reference, then it pays the invoice and the statement of account shows it', async () => {
    const invoice = await invoiced('Zahlung per Referenz');
    const reference = formatCreditorReference(creditorReferenceOf(invoice.number));
    const summary = await imported({
      credits: [{ cents: invoice.grossCents, reference: creditorReferenceOf(invoice.number), bankReference: 'REF-1' }],
    });
    expect(summary).toMatchObject({ booked: 1, matched: 1, unclear: 0, bookedCents: invoice.grossCents });
    expect(summary.settledReports).toEqual([invoice.placementReportId]);
    const billing = await s.billing();
    expect(billing.placements.find((p) => p.id === invoice.placementReportId)?.status).toBe('bezahlt');
    expect(billing.invoices.find((i) => i.id === invoice.id)?.status).toBe('bezahlt');
    expect(billing.statement?.lines).toContainEqual(
      expect.objectContaining({ kind: 'zahlung', date: '2026-11-27', cents: -invoice.grossCents }),
    );
    expect(reference).toMatch(/^RF\d{2} /);
    const [payment] = await payments();
    expect(payment).toMatchObject({
      amountCents: invoice.grossCents,
      state: 'zugeordnet',
      allocations: [expect.objectContaining({ invoiceNumber: invoice.number, method: 'referenz' })],
    });
  });

  it('When the same file or the same statement comes again, then nothing is booked twice', async () => {
    const invoice = await invoiced('Doppelt importiert');
    const xml = camtXml({
      iban: IBAN,
      statementId: 'AUSZUG-DOPPELT',
      credits: [{ cents: 1000, text: [`Rechnung ${invoice.number}`], bankReference: 'DOPPELT-1' }],
    });
    expect((await upload(xml)).statusCode).toBe(201);
    const before = (await payments()).length;
    const again = await upload(xml);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(
      /Der Auszug „AUSZUG-DOPPELT“ wurde bereits am \d\d\.\d\d\.\d{4} importiert/,
    );
    expect((await payments()).length).toBe(before);

    // The day's notification (camt.054) first, the statement (camt.053) with the same entry later.
    const notified = await imported({
      kind: 'camt.054',
      credits: [{ cents: 2000, text: [invoice.number], bankReference: 'GETEILT-1' }],
    });
    expect(notified).toMatchObject({ booked: 1, alreadyBooked: 0 });
    const stated = await imported({
      credits: [
        { cents: 2000, text: [invoice.number], bankReference: 'GETEILT-1' },
        { cents: 3000, text: [invoice.number], bankReference: 'GETEILT-2' },
      ],
    });
    expect(stated).toMatchObject({ booked: 1, alreadyBooked: 1, bookedCents: 3000 });
    const open = (await s.billing()).invoices.find((i) => i.id === invoice.id);
    expect(open?.remainingCents).toBe(invoice.grossCents - 6000);

    // The notification splits a batch into its transfers, the statement books it whole: once.
    const split = await imported({
      kind: 'camt.054',
      credits: [
        {
          cents: 3000,
          bankReference: 'BATCH-9',
          parts: [
            { cents: 1000, text: [invoice.number] },
            { cents: 2000, text: [invoice.number] },
          ],
        },
      ],
    });
    expect(split).toMatchObject({ booked: 2, alreadyBooked: 0 });
    const whole = await imported({ credits: [{ cents: 3000, text: [invoice.number], bankReference: 'BATCH-9' }] });
    expect(whole).toMatchObject({ booked: 0, alreadyBooked: 1 });
    expect((await s.billing()).invoices.find((i) => i.id === invoice.id)?.remainingCents).toBe(
      invoice.grossCents - 9000,
    );
  });

  it('When a customer pays in parts, then each part lowers what is open and the last one settles the placement', async () => {
    const invoice = await invoiced('Teilzahlungen');
    const half = Math.floor(invoice.grossCents / 2);
    await imported({ credits: [{ cents: half, text: [`RE ${invoice.number.replace('-', '')} Teil 1`] }] });
    expect(await statusOf(invoice.placementReportId)).toBe('verrechnet');
    expect((await s.billing()).invoices.find((i) => i.id === invoice.id)?.remainingCents).toBe(
      invoice.grossCents - half,
    );
    const last = await imported({ credits: [{ cents: invoice.grossCents - half, text: [invoice.number] }] });
    expect(last.settledReports).toEqual([invoice.placementReportId]);
    expect(await statusOf(invoice.placementReportId)).toBe('bezahlt');
  });

  it('When one transfer pays two invoices, then both are settled; what is paid beyond waits as unklar', async () => {
    const first = await invoiced('Sammelzahlung eins');
    const second = await invoiced('Sammelzahlung zwei');
    const summary = await imported({
      credits: [
        {
          cents: first.grossCents + second.grossCents + 5000,
          text: [`Rechnungen ${first.number} und ${second.number}`],
          bankReference: 'SAMMEL-1',
        },
      ],
    });
    expect(summary).toMatchObject({ booked: 1, matched: 0, unclear: 1 });
    expect(summary.settledReports.sort()).toEqual([first.placementReportId, second.placementReportId].sort());
    const queued = (await payments('unklar')).find((p) => p.remittance?.includes(first.number));
    expect(queued).toMatchObject({ unallocatedCents: 5000, state: 'unklar' });
    expect(queued?.allocations.map((a) => [a.invoiceNumber, a.cents, a.method])).toEqual([
      [first.number, first.grossCents, 'rechnungsnummer'],
      [second.number, second.grossCents, 'rechnungsnummer'],
    ]);
  });

  it('When a transfer names nothing, then the office assigns it by hand; beyond the rest or a paid invoice is refused', async () => {
    const invoice = await invoiced('Von Hand zugeordnet');
    await imported({
      credits: [{ cents: invoice.grossCents, text: ['Danke für die Vermittlung'], debtor: 'Alpenhof' }],
    });
    const queued = (await payments('unklar')).find((p) => p.remittance === 'Danke für die Vermittlung');
    expect(queued).toMatchObject({ unallocatedCents: invoice.grossCents, allocations: [] });
    const assign = (cents: number, invoiceNumber = invoice.number) =>
      ctx.request({
        method: 'POST',
        url: `/api/admin/payments/${queued!.id}/allocations`,
        token: admin.token,
        payload: { data: { invoiceNumber, cents } },
      });
    expect((await assign(invoice.grossCents + 1)).json().error.message).toBe(
      'Der Betrag ist höher als der noch nicht zugeordnete Teil der Zahlung.',
    );
    expect((await assign(100, '2026-999999')).statusCode).toBe(404);
    const done = await assign(invoice.grossCents);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data).toMatchObject({ state: 'zugeordnet', unallocatedCents: 0 });
    expect(await statusOf(invoice.placementReportId)).toBe('bezahlt');
    expect((await assign(1)).statusCode).toBe(409);
    // A second payment for the same, already paid invoice: it cannot go there.
    await imported({ credits: [{ cents: 700, text: ['nochmal'] }] });
    const extra = (await payments('unklar')).find((p) => p.remittance === 'nochmal')!;
    const refused = await ctx.request({
      method: 'POST',
      url: `/api/admin/payments/${extra.id}/allocations`,
      token: admin.token,
      payload: { data: { invoiceNumber: invoice.number, cents: 700 } },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Diese Rechnung ist bereits vollständig bezahlt.');
    const cleared = await ctx.request({
      method: 'POST',
      url: `/api/admin/payments/${extra.id}/clear`,
      token: admin.token,
      payload: { data: { reason: 'Habenzinsen der Bank' } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ state: 'erledigt', clearedReason: 'Habenzinsen der Bank' });
    expect((await payments('unklar')).some((p) => p.id === extra.id)).toBe(false);
  });

  it('When debits, pending entries and foreign currencies arrive, then they are counted and not booked', async () => {
    const summary = await imported({
      credits: [
        { cents: 100, direction: 'DBIT' },
        { cents: 100, status: 'PDNG' },
        { cents: 100, currency: 'CHF' },
        { cents: 100, reversal: true },
        { cents: 250, text: ['Spende'] },
        { cents: 750, text: ['Zinsen'] },
      ],
    });
    expect(summary).toMatchObject({ booked: 2, skipped: 4, bookedCents: 1000 });
    const listed = await ctx.request({ method: 'GET', url: '/api/admin/bank-statements', token: admin.token });
    const statement = (listed.json().data as BankStatement[]).find((b) => b.id === summary.id);
    expect(statement).toMatchObject({ booked: 2, bookedCents: 1000, kind: 'camt.053', fileName: 'auszug.xml' });
  });
});

describe('a guarantee case before payment', () => {
  it('When the company pays the rest after a refund that lowered its invoice, then nothing is owed back', async () => {
    const invoice = await invoiced('Garantie vor Zahlung');
    expect((await s.setStatus(invoice.placementReportId, 'garantiefall')).statusCode).toBe(200);
    const rest = (await s.billing()).invoices.find((i) => i.id === invoice.id)!.remainingCents!;
    expect(rest).toBeLessThan(invoice.grossCents);
    const summary = await imported({ credits: [{ cents: rest, reference: creditorReferenceOf(invoice.number) }] });
    expect(summary.settledReports).toEqual([invoice.placementReportId]);
    const billing = await s.billing();
    const correction = billing.invoices.find(
      (i) => i.placementReportId === invoice.placementReportId && i.kind === 'korrektur',
    );
    expect(correction?.status).toBe('verrechnet');
    expect(billing.statement).toMatchObject({ receiveCents: 0 });
  });
});

describe('refusing a file', () => {
  it('When the statement is of another account, broken or no statement at all, then a German 400 names it and nothing is booked', async () => {
    const before = (await payments()).length;
    const other = await upload(camtXml({ iban: 'DE89370400440532013000', credits: [{ cents: 100 }] }));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(
      'Der Kontoauszug gehört zum Konto DE89 3704 0044 0532 0130 00, nicht zum Konto der Plattform (AT61 1904 3002 3457 3201). Nichts wurde gebucht.',
    );
    const broken = camtXml({ iban: IBAN, credits: [{ cents: 100 }, { cents: 250 }] }).replace('>2.50<', '>zwei<');
    expect((await upload(broken)).json().error.message).toMatch(
      /Eintrag 2: Der Betrag \(Amt\) fehlt oder ist ungültig/,
    );
    const pdf = await upload('%PDF-1.7\n', admin, 'auszug.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toMatch(/kein XML-Dokument/);
    expect((await payments()).length).toBe(before);
  });

  it('When a company or a consultant sends a statement, then it is refused before it is read', async () => {
    const xml = camtXml({ iban: IBAN, credits: [{ cents: 100 }] });
    expect((await upload(xml, company)).statusCode).toBe(403);
    expect((await upload(xml, consultant)).statusCode).toBe(403);
  });
});

describe('marking paid by hand', () => {
  it('When the office marks a placement bezahlt, then the payment is recorded and assigned like a transfer', async () => {
    const invoice = await invoiced('Bezahlt per Klick');
    expect((await s.setStatus(invoice.placementReportId, 'bezahlt')).statusCode).toBe(200);
    const recorded = (await payments()).find((p) => p.allocations.some((a) => a.invoiceNumber === invoice.number));
    expect(recorded).toMatchObject({ source: 'manuell', amountCents: invoice.grossCents, state: 'zugeordnet' });
    const statement = (await s.billing()).statement!;
    expect(statement.lines.filter((l) => l.kind === 'zahlung' && l.text.includes('Bezahlt per Klick'))).toHaveLength(1);
  });
});
