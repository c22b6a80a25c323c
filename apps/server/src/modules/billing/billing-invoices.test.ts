import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addWorkingDays,
  AGENCY_PAYOUT_WORKING_DAYS,
  agencyShareDueFrom,
  BILLING_MSG,
  type Invoice,
} from '@pb/core';
import { createUser } from '../../../test/factories';
import { billingSuite, pdfText } from '../../../test/support/billing-suite';
import { connectChat, EventLog } from '../../../test/support/socket-client';

/**
 * Issue 12 through the API: invoices (§ 11 UStG details, PDF, mail, lists, § 132 BAO), a corrected amount
 * (Storno-/Korrekturrechnung and a new invoice) and the consultant's earnings (over the placements before
 * them). Runs on PGlite and on PostgreSQL; the numbering under concurrency is billing.pg.test.ts.
 */

const suite = billingSuite();
const { ctx, company, otherCompany, consultant, admin, server, sockets, clock } = suite;
const { eventFor, publish, companyReport, setStatus, correct, billing, earnings, today, invoiceOf } = suite;

describe('invoices', () => {
  it('When the back office marks a report verrechnet, then an invoice with the § 11 UStG details is issued, mailed with its PDF and listed for the company', async () => {
    const socket = await connectChat(server.baseUrl, company.token);
    sockets.push(socket);
    const live = new EventLog(socket, 'billing:changed');
    const reportId = await companyReport('Koch');
    const res = await setStatus(reportId, 'verrechnet');
    expect(res.statusCode, res.body).toBe(200);
    const year = today().slice(0, 4);
    expect(res.json().data.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));

    const invoice = await invoiceOf(reportId);
    expect(invoice).toMatchObject({
      kind: 'rechnung',
      netCents: 1_320_000,
      vatCents: 264_000,
      grossCents: 1_584_000,
      reverseCharge: false,
      customerUid: 'ATU12345678',
      issuedOn: today(),
      dueOn: addWorkingDays(today(), 14),
      status: 'offen',
      correctsNumber: null,
    });
    expect((await billing()).openCents).toBe(1_584_000);
    await eventFor(live, reportId);

    const pdf = await ctx.request({ method: 'GET', url: invoice.url, token: company.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Rechnung-${invoice.number}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Rechnung Nr. ${invoice.number}`,
      'UID: ATU12345678',
      `UID ${ctx.config.invoiceIssuer.uid}`,
      'FN 123456a',
      'Alpenhof GmbH',
      'Maria-Theresien-Straße 12',
      '6020 Innsbruck',
      '12.000,00',
      '1.200,00',
      'Summe netto € 13.200,00',
      'zuzüglich 20 % USt € 2.640,00',
      'Rechnungsbetrag brutto € 15.840,00',
      'AT61 1904 3002 3457 3201',
    ]) {
      expect(text).toContain(expected);
    }

    await ctx.deliverMail();
    const mail = ctx.smtp.messages.find((m) => m.subject.startsWith(`Rechnung ${invoice.number}`));
    expect(mail?.to).toEqual([company.email]);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]).toMatchObject({
      filename: `Rechnung-${invoice.number}.pdf`,
      mimeType: 'application/pdf',
    });
    expect(mail!.attachments[0]!.content.equals(pdf.rawPayload)).toBe(true);
  });

  it('When a consultant report has no invoice address, then verrechnet is refused until the back office gives one (UID checked)', async () => {
    const advertisement = await publish(company, 'Rezeption');
    await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload: { advertisement, message: 'Ich hätte eine passende Kandidatin.' },
    });
    const reported = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: consultant.token,
      payload: {
        data: {
          variant: 'consultant',
          advertisement,
          companyName: 'Alpenhof GmbH',
          jobTitle: 'Rezeption',
          contactPerson: 'Herr Huber',
          placementBonus: 18,
          actualSalary: 45000,
        },
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportId = reported.json().data.id as number;
    // A consultant's report naming no introduction is released by the office first (issue 28).
    const review = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${reportId}/review`,
      token: admin.token,
      payload: { decision: 'freigegeben', note: 'Vom Unternehmen bestätigt.' },
    });
    expect(review.statusCode, review.body).toBe(200);
    const refused = await setStatus(reportId, 'verrechnet');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(BILLING_MSG.invoiceAddressMissing);
    const address = { name: 'Alpenhof GmbH', street: 'Hauptplatz', houseNr: '1', postalCode: '8010', city: 'Graz' };
    const badUid = await setStatus(reportId, 'verrechnet', { invoiceAddress: { ...address, uid: 'ATU123' } });
    expect(badUid.statusCode).toBe(400);
    expect(badUid.json().error.message).toMatch(/gültige UID-Nummer/);
    const ok = await setStatus(reportId, 'verrechnet', { invoiceAddress: { ...address, uid: 'atu 1234 5678' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const invoice = await invoiceOf(reportId);
    // 18 % of 45,000 = 8,100 + 810 = 8,910 net, 1,782 USt
    expect(invoice).toMatchObject({
      netCents: 891_000,
      vatCents: 178_200,
      grossCents: 1_069_200,
      customerUid: 'ATU12345678',
    });
    const mine = (await earnings()).placements.find((p) => p.id === reportId);
    // The agency's share: after the guarantee and the 7 days a claim may follow, paid out 5 working days later.
    const settledFrom = agencyShareDueFrom(mine!.guaranteeUntil!);
    expect(mine).toMatchObject({
      bonusCents: 810_000,
      invoiceNumber: invoice.number,
      expectedPayoutOn: addWorkingDays(
        invoice.dueOn > settledFrom ? invoice.dueOn : settledFrom,
        AGENCY_PAYOUT_WORKING_DAYS,
      ),
    });
  });

  it('When anyone but the addressed company or the back office asks for an invoice PDF, then it is refused', async () => {
    const invoice = (await billing()).invoices[0]!;
    expect((await ctx.request({ method: 'GET', url: invoice.url, token: otherCompany.token })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: invoice.url, token: consultant.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: invoice.url })).statusCode).toBe(401);
    expect((await billing(otherCompany)).invoices).toEqual([]);
  });

  it('When an invoice row is changed or deleted, then the database refuses (§ 132 BAO); deleting the company keeps its invoices', async () => {
    const [row] = await ctx.database.query<{ id: number }>('SELECT id FROM invoices ORDER BY id LIMIT 1');
    await expect(ctx.database.query('UPDATE invoices SET gross_cents = 0 WHERE id = $1', [row!.id])).rejects.toThrow(
      /immutable/,
    );
    await expect(ctx.database.query('DELETE FROM invoices WHERE id = $1', [row!.id])).rejects.toThrow(/immutable/);

    const leaving = await createUser(ctx, { role: 'company', username: 'Gehtweg GmbH' });
    const advertisement = await publish(leaving, 'Maurer');
    const reported = await ctx.request({
      method: 'POST',
      url: '/api/placement-reports',
      token: leaving.token,
      payload: {
        data: {
          variant: 'company',
          advertisement,
          companyName: 'Gehtweg GmbH',
          jobTitle: 'Maurer',
          contactPerson: 'x',
          placementBonus: 20,
          actualSalary: 40000,
          recruiter: 'R',
          recruiterMail: 'r@example.test',
          street: 'Weg',
          houseNr: '1',
          postalCode: '1010',
          city: 'Wien',
          uid: 'ATU12345678',
          candidateEmail: 'maurer@example.test',
        },
      },
    });
    const reportId = reported.json().data.id as number;
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    // Paid: nothing is open any more, so the account may go (issue 28).
    expect((await setStatus(reportId, 'bezahlt')).statusCode).toBe(200);
    const deleted = await ctx.request({ method: 'DELETE', url: `/api/admin/users/${leaving.id}`, token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await ctx.database.query<{ customer_name: string }>(
      'SELECT customer_name FROM invoices WHERE placement_report_id = $1',
      [reportId],
    );
    expect(kept).toEqual([{ customer_name: 'Gehtweg GmbH' }]);
    const list = await ctx.request({ method: 'GET', url: '/api/admin/invoices', token: admin.token });
    expect((list.json().data as Invoice[]).some((i) => i.placementReportId === reportId)).toBe(true);
  });
});

describe('a corrected amount', () => {
  it('When the back office corrects the salary of an invoiced placement, then a Storno-/Korrekturrechnung cancels the invoice and a new one is issued', async () => {
    const reportId = await companyReport('Rezeptionist/in');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const original = await invoiceOf(reportId);
    expect((await correct(reportId, { placementBonus: 20, actualSalary: 60000, reason: 'x' })).statusCode).toBe(409);
    expect(
      (await correct(reportId, { placementBonus: 20, actualSalary: 55000, reason: ' ' })).json().error.message,
    ).toBe(BILLING_MSG.correctionReasonRequired);
    const corrected = await correct(reportId, {
      placementBonus: 20,
      actualSalary: 55000,
      reason: 'Gehalt laut Dienstvertrag',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const invoices = (await billing()).invoices.filter((i) => i.placementReportId === reportId);
    const storno = invoices.find((i) => i.kind === 'korrektur')!;
    const reissued = invoices.find((i) => i.kind === 'rechnung' && i.id !== original.id)!;
    expect(storno).toMatchObject({ correctsNumber: original.number, grossCents: -1_584_000, status: 'verrechnet' });
    // 20 % of 55,000 = 11,000 + 1,100 = 12,100 net, 2,420 USt
    expect(reissued).toMatchObject({ netCents: 1_210_000, vatCents: 242_000, grossCents: 1_452_000, status: 'offen' });
    expect(invoices.find((i) => i.id === original.id)!.status).toBe('storniert');
    expect(corrected.json().data.invoiceNumber).toBe(reissued.number);
    const text = await pdfText(
      (await ctx.request({ method: 'GET', url: storno.url, token: company.token })).rawPayload,
    );
    expect(text).toContain(`Storno der Rechnung Nr. ${original.number}`);
    expect(text).toContain('Gehalt laut Dienstvertrag');
    const placement = (await billing()).placements.find((p) => p.id === reportId)!;
    expect(placement).toMatchObject({ bonusCents: 1_100_000, invoiceNumber: reissued.number });
    // Unchanged amounts are refused (corrections after payment: corrections-after-payment.test.ts).
    expect(
      (await correct(reportId, { placementBonus: 20, actualSalary: 55000, reason: 'x' })).json().error.message,
    ).toBe(BILLING_MSG.correctionUnchanged);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: `/api/admin/placement-reports/${reportId}/correction`,
          token: company.token,
          payload: { placementBonus: 1, actualSalary: 1, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('earnings', () => {
  it('When the consultant exports, then the CSV is the Excel format with one row per placement', async () => {
    const overview = await earnings();
    expect(overview.years[0]).toMatchObject({ year: Number(today().slice(0, 4)) });
    expect(overview.years[0]!.placements).toBe(overview.placements.length);
    const csv = await ctx.request({ method: 'GET', url: '/api/earnings.csv', token: consultant.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFNr.;Gemeldet am;Inserat')).toBe(true);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(overview.placements.length + 1);
    expect(csv.body).toContain('12000,00');
    expect((await ctx.request({ method: 'GET', url: '/api/earnings', token: company.token })).statusCode).toBe(403);
  });

  it('When the clock passes the due date of an unpaid invoice, then it is overdue; paid, it is bezahlt and no longer open', async () => {
    const reportId = await companyReport('Konditor');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const dueOn = (await invoiceOf(reportId)).dueOn;
    const saved = clock.now;
    clock.now = new Date(`${addCalendarDays(dueOn, 1)}T10:00:00Z`);
    try {
      expect((await invoiceOf(reportId)).status).toBe('ueberfaellig');
    } finally {
      clock.now = saved;
    }
    const openBefore = (await billing()).openCents;
    expect((await setStatus(reportId, 'bezahlt')).statusCode).toBe(200);
    expect((await invoiceOf(reportId)).status).toBe('bezahlt');
    expect((await billing()).openCents).toBe(openBefore - 1_584_000);
  });
});
