import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, addWorkingDays, GUARANTEE_MSG, type GuaranteeClaim } from '@pb/core';
import { type TestUser } from '../../../test/factories';
import { billingSuite, pdfText } from '../../../test/support/billing-suite';
import { minimalPdf } from '../../../test/support/chat-fixtures';
import { multipartBody } from '../../../test/support/multipart';
import { connectChat, EventLog } from '../../../test/support/socket-client';
import { runRetention } from '../retention/service';

/**
 * Issue 12 through the API: guarantee claims (the 60- and 7-day rules) → decision → correction
 * invoice and refund, a guarantee case the back office records directly, and the claim's documents.
 */

const suite = billingSuite();
const { ctx, company, otherCompany, consultant, admin, server, sockets, clock } = suite;
const { eventFor, companyReport, companyReportDaysAgo, setStatus, billing, earnings, claim, decide, today, invoiceOf } =
  suite;

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
    const socket = await connectChat(server.baseUrl, consultant.token);
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
    // The office's confirmation names the refund before it is decided: the amount the decision books.
    expect((listed.json().data as GuaranteeClaim[])[0]).toMatchObject({
      id: claimId,
      status: 'offen',
      note: 'Auflösung',
      expectedRefundCents: 792_000,
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
    const decidedList = await ctx.request({ method: 'GET', url: '/api/admin/guarantee-claims', token: admin.token });
    expect((decidedList.json().data as GuaranteeClaim[]).find((c) => c.id === claimId)?.expectedRefundCents).toBeNull();

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
      now: new Date(clock.now.getTime() + 150 * 86_400_000),
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      storage: ctx.app.storage,
    });
    expect(early.guaranteeDocuments).toBe(0);
    const late = await runRetention(ctx.app.db, {
      registerSecret: ctx.config.registerSecret,
      now: new Date(clock.now.getTime() + 190 * 86_400_000),
      dryRun: false,
      publicUrl: 'http://localhost:3000',
      storage: ctx.app.storage,
    });
    expect(late.guaranteeDocuments).toBeGreaterThanOrEqual(1);
    expect((await ctx.request({ method: 'GET', url: document.url, token: company.token })).statusCode).toBe(404);
    expect((await billing()).invoices.some((i) => i.placementReportId === reportId)).toBe(true);
  });
});
