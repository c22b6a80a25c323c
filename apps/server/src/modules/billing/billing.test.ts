import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addWorkingDays,
  BILLING_MSG,
  GUARANTEE_MSG,
  viennaDate,
  type EarningsOverview,
  type GuaranteeClaim,
  type Invoice,
  type Job,
} from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { minimalPdf } from '../../../test/support/chat-fixtures';
import { companyReportBody, reportId } from '../../../test/support/placement-fixtures';
import { multipartBody } from '../../../test/support/multipart';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';
import { runRetention } from '../retention/service';

/**
 * Issue 12 end to end through the API: report → 'verrechnet' → invoice (PDF, mail, lists) →
 * guarantee claim (the 60- and 7-day rules) → decision → correction invoice and refund.
 * Runs on PGlite and on PostgreSQL; the numbering under concurrency is billing.pg.test.ts.
 */

let ctx: TestContext;
let company: TestUser;
let otherCompany: TestUser;
let consultant: TestUser;
let admin: TestUser;
let baseUrl: string;
const sockets: ChatClient[] = [];
/** The server's clock: moved forward to test the claim windows. */
let clock = new Date();

/** Resolves when a `billing:changed` for the report arrived (the test's timeout bounds the wait). */
async function eventFor(log: EventLog<'billing:changed'>, reportId: number): Promise<void> {
  for (let n = 1; ; n += 1) {
    const items = await log.waitFor(n);
    if (items.some((e) => e.placementReportId === reportId)) return;
  }
}

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function publish(user: TestUser, title: string, bonus = 20): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/jobs',
    token: user.token,
    payload: { data: jobData({ jobTitle: title, placementBonus: bonus }) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: Job }).data.id;
}

/** The company reports 20 % on 60,000 € with its invoice address; returns the report id. */
async function companyReport(title: string): Promise<number> {
  const advertisement = await publish(company, title);
  return reportId(ctx, company, companyReportBody(advertisement, { jobTitle: title, recruiterMail: consultant.email }));
}

/** A company report made `days` Vienna days ago on the server's clock (the guarantee counts from the report's day). */
async function companyReportDaysAgo(days: number, title: string): Promise<number> {
  const real = clock;
  clock = new Date(`${addCalendarDays(viennaDate(real), -days)}T10:00:00Z`);
  try {
    return await companyReport(title);
  } finally {
    clock = real;
  }
}

const setStatus = (id: number, status: string, extra: object = {}) =>
  ctx.request({
    method: 'PUT',
    url: `/api/admin/placement-reports/${id}/status`,
    token: admin.token,
    payload: { status, ...extra },
  });

const billing = async (user: TestUser = company): Promise<EarningsOverview> => {
  const res = await ctx.request({ method: 'GET', url: '/api/billing', token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EarningsOverview;
};

const earnings = async (): Promise<EarningsOverview> => {
  const res = await ctx.request({ method: 'GET', url: '/api/earnings', token: consultant.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EarningsOverview;
};

const claim = (reportId: number, data: object, user: TestUser = company) =>
  ctx.request({
    method: 'POST',
    url: `/api/placements/${reportId}/guarantee-claim`,
    token: user.token,
    payload: { data },
  });

const decide = (claimId: number, data: object) =>
  ctx.request({ method: 'PUT', url: `/api/admin/guarantee-claims/${claimId}`, token: admin.token, payload: { data } });

const today = () => viennaDate(clock);

async function invoiceOf(reportId: number, kind: 'rechnung' | 'korrektur' = 'rechnung'): Promise<Invoice> {
  const invoice = (await billing()).invoices.find((i) => i.placementReportId === reportId && i.kind === kind);
  expect(invoice).toBeDefined();
  return invoice!;
}

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createUser(ctx, { role: 'company', username: 'Alpenhof GmbH' });
  otherCompany = await createUser(ctx, { role: 'company', username: 'Bergbau AG' });
  consultant = await createUser(ctx, { role: 'consultant', username: 'Sabine Recruiting' });
  admin = await createUser(ctx, { role: 'admin', username: 'Backoffice' });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx?.close();
});

describe('invoices', () => {
  it('When the back office marks a report verrechnet, then an invoice with the § 11 UStG details is issued, mailed with its PDF and listed for the company', async () => {
    const socket = await connectChat(baseUrl, company.token);
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
    expect(mine).toMatchObject({ bonusCents: 810_000, invoiceNumber: invoice.number, expectedPayoutOn: invoice.dueOn });
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

describe('guarantee claims', () => {
  const start = () => addCalendarDays(today(), -30);

  it('When the employment ended on day 60 it is accepted; on day 61 the refusal names the rule and the dates', async () => {
    const reportId = await companyReportDaysAgo(61, 'Sous-Chef');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const begin = addCalendarDays(today(), -61);
    const tooLate = await claim(reportId, {
      employmentStart: begin,
      employmentEnd: addCalendarDays(begin, 61),
      endedBy: 'arbeitnehmer',
      note: 'Gekündigt',
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toMatch(
      /innerhalb von 60 Tagen nach seinem Beginn endet: Beginn \d{2}\.\d{2}\.\d{4}/,
    );
    const inTime = await claim(reportId, {
      employmentStart: begin,
      employmentEnd: addCalendarDays(begin, 60),
      endedBy: 'arbeitnehmer',
      note: 'Gekündigt',
    });
    expect(inTime.statusCode, inTime.body).toBe(201);
    const again = await claim(reportId, {
      employmentStart: begin,
      employmentEnd: addCalendarDays(begin, 60),
      endedBy: 'arbeitnehmer',
      note: 'x',
    });
    expect(again.json().error.message).toBe(GUARANTEE_MSG.alreadyClaimed);
  });

  it('When the claim comes 7 days after the end it is accepted; 8 days after it is refused with the last day', async () => {
    const reportId = await companyReportDaysAgo(30, 'Patissier');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const body = (end: string) => ({
      employmentStart: start(),
      employmentEnd: end,
      endedBy: 'arbeitgeber',
      note: 'Probezeit',
    });
    const eightDaysAgo = await claim(reportId, body(addCalendarDays(today(), -8)));
    expect(eightDaysAgo.statusCode).toBe(409);
    expect(eightDaysAgo.json().error.message).toMatch(/innerhalb von 7 Tagen nach dem Ende .* Meldung spätestens am/);
    const sevenDaysAgo = await claim(reportId, body(addCalendarDays(today(), -7)));
    expect(sevenDaysAgo.statusCode, sevenDaysAgo.body).toBe(201);
  });

  it('When the placement is not invoiced, not the company’s, or the body is malformed, then the claim is refused in German', async () => {
    const reportId = await companyReportDaysAgo(30, 'Abwasch');
    const ok = { employmentStart: start(), employmentEnd: today(), endedBy: 'arbeitgeber', note: 'x' };
    expect((await claim(reportId, ok)).json().error.message).toBe(GUARANTEE_MSG.notInvoiced);
    expect((await claim(reportId, ok, otherCompany)).statusCode).toBe(404);
    expect((await claim(reportId, ok, consultant)).statusCode).toBe(403);
    const future = await claim(reportId, { ...ok, employmentEnd: addCalendarDays(today(), 3) });
    expect(future.statusCode).toBe(409);
    const invalid = await claim(reportId, { ...ok, employmentEnd: '2026-02-31' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(GUARANTEE_MSG.dateInvalid);
  });

  it('When any body is sent to the claim or the decision, then the answer is a 4xx with a German message, never a 500', async () => {
    const reportId = await companyReport('Hausmeister');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({
            employmentStart: fc.oneof(
              fc.string(),
              fc.date().map((d) => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10))),
            ),
            employmentEnd: fc.string(),
            endedBy: fc.string(),
            note: fc.string(),
          }),
        ),
        async (data) => {
          const res = await claim(reportId, data as object);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().error.message).toMatch(/[äöüÄÖÜß]|Bitte|Ungültig|Ein |Das |Die |Diese|Für /);
          const decision = await decide(2_000_000_000, data as object);
          expect(decision.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('When the back office accepts, then a Storno-/Korrekturrechnung refunds 50 % with USt, references the invoice, and both sides see it', async () => {
    const socket = await connectChat(baseUrl, consultant.token);
    sockets.push(socket);
    const live = new EventLog(socket, 'billing:changed');
    const reportId = await companyReportDaysAgo(30, 'Barkeeper');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const original = await invoiceOf(reportId);
    const filed = await claim(reportId, {
      employmentStart: start(),
      employmentEnd: today(),
      endedBy: 'einvernehmlich',
      note: 'Auflösung',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const claimId = (filed.json().data as GuaranteeClaim).id;
    const listed = await ctx.request({ method: 'GET', url: '/api/admin/guarantee-claims', token: admin.token });
    expect((listed.json().data as GuaranteeClaim[])[0]).toMatchObject({
      id: claimId,
      status: 'offen',
      note: 'Auflösung',
    });

    const accepted = await decide(claimId, { decision: 'angenommen' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // 50 % of 12,000 + 1,200 = 6,600 net, 1,320 USt, 7,920 gross, paid out within 14 working days
    expect(accepted.json().data).toMatchObject({
      status: 'angenommen',
      refundCents: 792_000,
      refundDueOn: addWorkingDays(today(), 14),
    });
    expect((await decide(claimId, { decision: 'angenommen' })).json().error.message).toBe(GUARANTEE_MSG.alreadyDecided);

    const correction = await invoiceOf(reportId, 'korrektur');
    expect(correction).toMatchObject({
      correctsNumber: original.number,
      netCents: -660_000,
      vatCents: -132_000,
      grossCents: -792_000,
      status: 'verrechnet',
    });
    const [firstSeq, secondSeq] = [original.number, correction.number].map((n) => Number(n.slice(5)));
    expect(secondSeq).toBeGreaterThan(firstSeq!);
    const text = await pdfText(
      (await ctx.request({ method: 'GET', url: correction.url, token: company.token })).rawPayload,
    );
    expect(text).toContain(`Storno-/Korrekturrechnung Nr. ${correction.number}`);
    expect(text).toContain(`Nr. ${original.number} vom`);
    expect(text).toContain('Korrekturbetrag brutto -€ 7.920,00');
    expect(text).not.toMatch(/Gutschrift/);

    const overview = await billing();
    const placement = overview.placements.find((p) => p.id === reportId)!;
    expect(placement).toMatchObject({ status: 'garantiefall', refundedBonusCents: 600_000, canClaimGuarantee: false });
    const mine = (await earnings()).placements.find((p) => p.id === reportId)!;
    expect(mine).toMatchObject({ status: 'garantiefall', bonusCents: 1_200_000, refundedBonusCents: 600_000 });
    expect(mine.claim?.note).toBeNull();
    await eventFor(live, reportId);

    await ctx.deliverMail();
    expect(
      ctx.smtp.messages.some(
        (m) => m.to.includes(consultant.email) && m.subject === 'Garantiefall angenommen: Barkeeper',
      ),
    ).toBe(true);
    const correctionMail = ctx.smtp.messages.find((m) =>
      m.subject.startsWith(`Korrekturrechnung ${correction.number}`),
    );
    expect(correctionMail?.attachments[0]?.filename).toBe(`Korrekturrechnung-${correction.number}.pdf`);
  });

  it('When the back office rejects with a reason, then the company is told and may file a corrected claim', async () => {
    const reportId = await companyReportDaysAgo(30, 'Portier');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const body = { employmentStart: start(), employmentEnd: today(), endedBy: 'arbeitgeber', note: 'Entlassung' };
    const filed = await claim(reportId, body);
    const claimId = (filed.json().data as GuaranteeClaim).id;
    const noReason = await decide(claimId, { decision: 'abgelehnt', reason: ' ' });
    expect(noReason.json().error.message).toBe(GUARANTEE_MSG.reasonRequired);
    const rejected = await decide(claimId, { decision: 'abgelehnt', reason: 'Dienstbeginn war früher.' });
    expect(rejected.json().data).toMatchObject({ status: 'abgelehnt', reason: 'Dienstbeginn war früher.' });
    const placement = (await billing()).placements.find((p) => p.id === reportId)!;
    expect(placement).toMatchObject({ status: 'verrechnet', canClaimGuarantee: true });
    await ctx.deliverMail();
    expect(
      ctx.smtp.messages.some((m) => m.to.includes(company.email) && m.text.includes('Dienstbeginn war früher.')),
    ).toBe(true);
    expect((await claim(reportId, body)).statusCode).toBe(201);
  });
});

describe('a corrected amount', () => {
  const correct = (reportId: number, body: object) =>
    ctx.request({
      method: 'POST',
      url: `/api/admin/placement-reports/${reportId}/correction`,
      token: admin.token,
      payload: body,
    });

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
    // paid: no more corrections
    expect((await setStatus(reportId, 'bezahlt')).statusCode).toBe(200);
    expect(
      (await correct(reportId, { placementBonus: 20, actualSalary: 50000, reason: 'x' })).json().error.message,
    ).toBe(BILLING_MSG.correctionNotAllowed);
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

describe('the back office records a guarantee case directly', () => {
  it('When a claim is open and the back office sets the placement to garantiefall, then the claim is accepted with the refund', async () => {
    const reportId = await companyReportDaysAgo(30, 'Hotelfachkraft');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const filed = await claim(reportId, {
      employmentStart: addCalendarDays(today(), -10),
      employmentEnd: today(),
      endedBy: 'arbeitgeber',
      note: 'Telefonisch gemeldet',
    });
    expect(filed.statusCode).toBe(201);
    expect((await setStatus(reportId, 'garantiefall')).statusCode).toBe(200);
    const placement = (await billing()).placements.find((p) => p.id === reportId)!;
    expect(placement.claim).toMatchObject({ status: 'angenommen', refundCents: 792_000 });
    expect((await invoiceOf(reportId, 'korrektur')).grossCents).toBe(-792_000);
  });
});

describe('claim documents', () => {
  const upload = (claimId: number, user: TestUser, names: string[]) =>
    ctx.request({
      method: 'POST',
      url: `/api/guarantee-claims/${claimId}/documents`,
      token: user.token,
      ...multipartBody(names.map((name) => ({ name, data: minimalPdf(name) }))),
    });

  it('When the company adds documents to its open claim, then it and the back office read them, nobody else; decided claims take none; retention deletes them 6 months after the decision', async () => {
    const reportId = await companyReportDaysAgo(30, 'Nachtportier');
    expect((await setStatus(reportId, 'verrechnet')).statusCode).toBe(200);
    const filed = await claim(reportId, {
      employmentStart: addCalendarDays(today(), -20),
      employmentEnd: today(),
      endedBy: 'arbeitnehmer',
      note: 'Kündigung',
    });
    const claimId = (filed.json().data as GuaranteeClaim).id;
    expect((await upload(claimId, otherCompany, ['k.pdf'])).statusCode).toBe(404);
    const added = await upload(claimId, company, ['Kündigung.pdf']);
    expect(added.statusCode, added.body).toBe(201);
    const document = added.json().data[0] as { url: string; name: string };
    expect(document.name).toBe('Kündigung.pdf');
    expect((await upload(claimId, company, ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf'])).json().error.message).toBe(
      GUARANTEE_MSG.tooManyDocuments,
    );
    const forged = await ctx.request({
      method: 'POST',
      url: `/api/guarantee-claims/${claimId}/documents`,
      token: company.token,
      ...multipartBody([{ name: 'x.pdf', data: Buffer.from('MZ not a pdf') }]),
    });
    expect(forged.statusCode).toBe(400);

    expect((await ctx.request({ method: 'GET', url: document.url, token: company.token })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: document.url, token: admin.token })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: document.url, token: otherCompany.token })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: document.url, token: consultant.token })).statusCode).toBe(403);
    const placement = (await billing()).placements.find((p) => p.id === reportId)!;
    expect(placement.claim?.documents.map((d) => d.name)).toEqual(['Kündigung.pdf']);
    expect((await earnings()).placements.find((p) => p.id === reportId)?.claim?.documents).toEqual([]);

    expect((await decide(claimId, { decision: 'abgelehnt', reason: 'Nicht belegt.' })).statusCode).toBe(200);
    expect((await upload(claimId, company, ['spät.pdf'])).json().error.message).toBe(GUARANTEE_MSG.documentsClosed);

    const early = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: new Date(clock.getTime() + 150 * 86_400_000),
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      storage: ctx.app.storage,
    });
    expect(early.guaranteeDocuments).toBe(0);
    const late = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: new Date(clock.getTime() + 190 * 86_400_000),
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      storage: ctx.app.storage,
    });
    expect(late.guaranteeDocuments).toBeGreaterThanOrEqual(1);
    expect((await ctx.request({ method: 'GET', url: document.url, token: company.token })).statusCode).toBe(404);
    expect((await billing()).invoices.some((i) => i.placementReportId === reportId)).toBe(true);
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
    const saved = clock;
    clock = new Date(`${addCalendarDays(dueOn, 1)}T10:00:00Z`);
    try {
      expect((await invoiceOf(reportId)).status).toBe('ueberfaellig');
    } finally {
      clock = saved;
    }
    const openBefore = (await billing()).openCents;
    expect((await setStatus(reportId, 'bezahlt')).statusCode).toBe(200);
    expect((await invoiceOf(reportId)).status).toBe('bezahlt');
    expect((await billing()).openCents).toBe(openBefore - 1_584_000);
  });
});
