import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  CASE_MSG,
  CIRCUMVENTION_PENALTY_CENTS,
  creditorReferenceOf,
  type CircumventionCase,
  type CustomerStatement,
} from '@pb/core';
import { billingSuite, pdfText } from '../../../test/support/billing-suite';
import { camtXml, uploadStatement } from '../../../test/support/camt';
import { TEST_INVOICE_ISSUER } from '../../../test/support/ports';
import {
  adminReportOf,
  companyReportBody,
  introduceCandidate,
  reportId,
} from '../../../test/support/placement-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import { caseCalls } from '../../../test/support/circumvention-cases';
import { verifyRegister } from '../introductions/register-verify';

/**
 * Issue 34, penalty: the office turns an 'Umgehungsverdacht' into a case — the register's evidence
 * frozen, the company heard in writing with a deadline and answering in the app, a decision with
 * reasons. A finding invoices the 35,000 € penalty without USt and gives the placement to the agency
 * that introduced the person, at its locked bonus. Tried from the company's side (answering twice,
 * late, for another company; invoicing around the case) and the office's (deciding unheard).
 */

const s = billingSuite();
const { ctx, company, otherCompany, consultant, admin, clock } = s;

const { call, suspectedReport, opening, openCase } = caseCalls(s);

async function mailsTo(address: string, event: string): Promise<Array<{ subject: string; text: string }>> {
  return ctx.database.query(
    'SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = $1 AND event = $2 ORDER BY id',
    [address, event],
  );
}

describe('circumvention cases', () => {
  it('When the office opens a case, then the company is heard by mail with the letter and its deadline, the evidence is frozen for the office only, and a second case or a wrong introduction or deadline is refused', async () => {
    const { reportId: id, introductionId } = await suspectedReport('Sommelier');
    const tooShort = await call(admin, 'POST', '/api/admin/circumvention-cases', opening(id, introductionId, 13));
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.message).toBe(CASE_MSG.deadlineInvalid);
    const foreign = await call(admin, 'POST', '/api/admin/circumvention-cases', opening(id, introductionId + 999));
    expect(foreign.json().error.message).toBe(CASE_MSG.introductionNotEvidence);
    // Not the office's to open by anybody else.
    expect(
      (await call(company, 'POST', '/api/admin/circumvention-cases', opening(id, introductionId))).statusCode,
    ).toBe(403);

    const opened = await openCase(id, introductionId);
    expect(opened.state).toBe('anhoerung');
    // A hire naming none of the advertisement's introductions: a hint, not a register fact (claims.ts).
    // The register shows the candidate agreed and the company learned who it was (issue 35).
    expect(opened.evidence!.map((e) => e.kind)).toEqual(['introduced', 'consent_confirmed', 'identity_released']);
    expect(opened.evidence![0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await call(admin, 'POST', '/api/admin/circumvention-cases', opening(id, introductionId));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CASE_MSG.caseExists(opened.id));

    const [hearing] = await mailsTo(company.email, 'circumvention_case.hearing');
    expect(hearing!.subject).toContain(`Umgehungsverfahren Nr. ${opened.id}`);
    expect(hearing!.text).toContain('bitte nehmen Sie Stellung');
    const own = (await call(company, 'GET', '/api/circumvention-cases')).json().data as CircumventionCase[];
    expect(own.find((c) => c.id === opened.id)).toMatchObject({ letter: opened.letter, evidence: null });
    expect((await call(otherCompany, 'GET', '/api/circumvention-cases')).json().data).toEqual([]);
    expect((await call(consultant, 'GET', '/api/circumvention-cases')).statusCode).toBe(403);
  });

  it('When a case runs, then the company cannot get the report invoiced or reviewed around it, the office cannot decide before the company was heard, and another company cannot answer', async () => {
    const { reportId: id, introductionId } = await suspectedReport('Rezeption');
    const opened = await openCase(id, introductionId);
    // Even released before, nothing moves while the case runs.
    const invoiced = await s.setStatus(id, 'verrechnet');
    expect(invoiced.statusCode).toBe(409);
    expect(invoiced.json().error.message).toBe(CASE_MSG.reportInCase(opened.id));
    const review = await ctx.request({
      method: 'PUT',
      url: `/api/admin/placement-reports/${id}/review`,
      token: admin.token,
      payload: { decision: 'verworfen', note: 'Doch nicht.' },
    });
    expect(review.json().error.message).toBe(CASE_MSG.reportInCase(opened.id));
    const early = await call(admin, 'POST', `/api/admin/circumvention-cases/${opened.id}/decision`, {
      decision: 'umgehung_festgestellt',
      reasons: 'Eindeutig.',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(CASE_MSG.hearingRunning(opened.deadline));
    const stranger = await call(otherCompany, 'PUT', `/api/circumvention-cases/${opened.id}/answer`, {
      answer: 'Nein.',
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (await call(company, 'PUT', `/api/circumvention-cases/${opened.id}/answer`, { answer: ' ' })).statusCode,
    ).toBe(400);
  });

  it('When the company answered and the office finds circumvention, then a 35,000 € penalty invoice without USt is issued, the placement goes to the agency at its locked bonus, and the penalty is paid apart from the fee', async () => {
    const { reportId: id, introductionId } = await suspectedReport('Küchenchef');
    const opened = await openCase(id, introductionId);
    const answered = await call(company, 'PUT', `/api/circumvention-cases/${opened.id}/answer`, {
      answer: 'Wir kannten die Person bereits aus einer früheren Bewerbung.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.state).toBe('zur_entscheidung');
    const twice = await call(company, 'PUT', `/api/circumvention-cases/${opened.id}/answer`, { answer: 'Noch etwas.' });
    expect(twice.json().error.message).toBe(CASE_MSG.answered);
    expect((await mailsTo(ctx.config.officeEmail, 'circumvention_case.answer')).at(-1)!.text).toContain(
      'früheren Bewerbung',
    );

    const decided = await call(admin, 'POST', `/api/admin/circumvention-cases/${opened.id}/decision`, {
      decision: 'umgehung_festgestellt',
      reasons:
        'Die Person wurde vier Wochen nach der Vorstellung eingestellt; eine frühere Bewerbung ist nicht belegt.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const result = decided.json().data as CircumventionCase;
    expect(result.state).toBe('entschieden');
    expect(result.penaltyInvoice!.grossCents).toBe(CIRCUMVENTION_PENALTY_CENTS);
    const again = await call(admin, 'POST', `/api/admin/circumvention-cases/${opened.id}/decision`, {
      decision: 'eingestellt',
      reasons: 'Umentschieden.',
    });
    expect(again.json().error.message).toBe(CASE_MSG.decided);

    const penalty = (await s.billing()).invoices.find((i) => i.number === result.penaltyInvoice!.number)!;
    expect(penalty).toMatchObject({ kind: 'vertragsstrafe', vatCents: 0, netCents: 3_500_000, reverseCharge: false });
    const pdf = await ctx.request({ method: 'GET', url: result.penaltyInvoice!.url, token: company.token });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Keine USt (nicht steuerbarer Schadenersatz)');
    expect(text).toContain('€ 35.000,00');
    expect((await call(consultant, 'GET', result.penaltyInvoice!.url)).statusCode).toBe(403);

    // The agency's claim: its introduction, its locked 18 % (the company reported 10 %), released.
    const report = await adminReportOf(ctx, admin, id);
    expect(report).toMatchObject({ introductionId, placementBonus: 18, needsReview: false });
    expect((await s.setStatus(id, 'verrechnet')).statusCode).toBe(200);
    expect((await s.invoiceOf(id)).netCents).toBe(1_188_000);
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
    const [agencyMail] = await mailsTo(consultant.email, 'circumvention_case.decision.agency');
    expect(agencyMail!.text).toContain('Die Besetzung wird Ihrer Vorstellung zugeordnet');

    const before = await s.billing();
    expect(before.invoices.find((i) => i.number === penalty.number)!.status).toBe('offen');
    expect(before.openCents).toBe((await s.invoiceOf(id)).grossCents + CIRCUMVENTION_PENALTY_CENTS);

    // The penalty's payment pays the penalty, not the placement's invoice.
    const xml = camtXml({
      iban: TEST_INVOICE_ISSUER.iban,
      credits: [
        { cents: CIRCUMVENTION_PENALTY_CENTS, reference: creditorReferenceOf(penalty.number), debtor: 'Alpenhof GmbH' },
      ],
    });
    expect((await uploadStatement(ctx, admin.token, xml)).statusCode).toBe(201);
    expect((await adminReportOf(ctx, admin, id)).status).toBe('verrechnet');
    const statement = (await call(company, 'GET', '/api/billing')).json().data.statement as CustomerStatement;
    expect(statement.lines.filter((l) => l.kind === 'vertragsstrafe')).toHaveLength(1);
    expect(statement.lines.some((l) => l.text.endsWith('(Vertragsstrafe)'))).toBe(true);
    expect(statement.payCents).toBe((await s.invoiceOf(id)).grossCents);
    const after = await s.billing();
    expect(after.invoices.find((i) => i.number === penalty.number)!.status).toBe('bezahlt');
    expect((await s.invoiceOf(id)).status).toBe('offen');
  });

  it('When the deadline passed without a statement, then the company can no longer answer and the office may decide; a case dropped issues nothing', async () => {
    const { reportId: id, introductionId } = await suspectedReport('Hausmeister');
    const opened = await openCase(id, introductionId);
    const real = clock.now;
    clock.now = new Date(`${addCalendarDays(opened.deadline, 1)}T09:00:00Z`);
    try {
      const late = await call(company, 'PUT', `/api/circumvention-cases/${opened.id}/answer`, { answer: 'Zu spät.' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(CASE_MSG.deadlinePassed(opened.deadline));
      const dropped = await call(admin, 'POST', `/api/admin/circumvention-cases/${opened.id}/decision`, {
        decision: 'eingestellt',
        reasons: 'Die Person hatte sich nachweislich selbst beworben.',
      });
      expect(dropped.statusCode, dropped.body).toBe(200);
      expect(dropped.json().data).toMatchObject({ decision: 'eingestellt', penaltyInvoice: null });
    } finally {
      clock.now = real;
    }
    const audit = await ctx.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'circumvention_case' AND entity_id = $1 ORDER BY id",
      [String(opened.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['circumvention_case.open', 'circumvention_case.decide']);
    // The report is the office's ordinary review again.
    expect((await adminReportOf(ctx, admin, id)).needsReview).toBe(true);
  });

  it('When the member who reported has left the company, then the hearing goes to its administrators only', async () => {
    const recruiter = await addMember(
      ctx,
      { ...company, jwt: company.token, password: '' },
      'Rita Recruiting',
      'recruiting',
    );
    const advertisement = await s.publish(company, 'Barista', 18);
    const introductionId = await introduceCandidate(ctx, consultant, advertisement, `barista.${Date.now()}@example.at`);
    const reportedId = await reportId(
      ctx,
      { id: 0, token: recruiter.jwt, email: recruiter.email, username: 'Rita Recruiting' },
      companyReportBody(advertisement, { jobTitle: 'Barista', candidateEmail: 'jemand@example.at' }),
    );
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/organisation/members/${recruiter.memberId}`,
      token: company.token,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const opened = await openCase(reportedId, introductionId);
    expect(await mailsTo(recruiter.email, 'circumvention_case.hearing')).toEqual([]);
    expect((await mailsTo(company.email, 'circumvention_case.hearing')).at(-1)!.subject).toContain(`Nr. ${opened.id}`);
  });
});
