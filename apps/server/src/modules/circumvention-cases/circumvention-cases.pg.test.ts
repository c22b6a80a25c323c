import { describe, expect, it } from 'vitest';
import { CASE_MSG } from '@pb/core';
import { billingSuite } from '../../../test/support/billing-suite';
import { caseCalls } from '../../../test/support/circumvention-cases';

/**
 * Circumvention cases under real concurrency (PostgreSQL): five office tabs opening a case on the
 * same report make one case; five decisions on one case at once issue one penalty invoice; the
 * company's answer racing the office's decision is either heard or refused, never both half-done.
 */

const s = billingSuite();
const { ctx, company, admin } = s;
const { call, suspectedReport, opening } = caseCalls(s);

describe('circumvention cases at once', () => {
  it('When five offices open a case on one report at once, then one case exists and the others get the 409 naming it', async () => {
    const { reportId, introductionId } = await suspectedReport('Barkeeper');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(admin, 'POST', '/api/admin/circumvention-cases', opening(reportId, introductionId)),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const id = answers.find((a) => a.statusCode === 201)!.json().data.id as number;
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.message)).toEqual(
      Array(4).fill(CASE_MSG.caseExists(id)),
    );
  });

  it('When five decisions on one case arrive at once, then one penalty invoice is issued and four get 409', async () => {
    const { reportId, introductionId } = await suspectedReport('Patissier');
    const opened = await call(admin, 'POST', '/api/admin/circumvention-cases', opening(reportId, introductionId));
    const id = opened.json().data.id as number;
    expect(
      (await call(company, 'PUT', `/api/circumvention-cases/${id}/answer`, { answer: 'Wir widersprechen.' }))
        .statusCode,
    ).toBe(200);
    const decisions = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(admin, 'POST', `/api/admin/circumvention-cases/${id}/decision`, {
          decision: 'umgehung_festgestellt',
          reasons: 'Eingestellt vier Wochen nach der Vorstellung.',
        }),
      ),
    );
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const invoices = await ctx.database.query(
      "SELECT number FROM invoices WHERE placement_report_id = $1 AND kind = 'vertragsstrafe'",
      [reportId],
    );
    expect(invoices).toHaveLength(1);
  });

  it("When the company's answer and the office's decision race on the last day, then either the answer is in before the decision or the decision waits for it", async () => {
    const { reportId, introductionId } = await suspectedReport('Sous-Chef');
    const opened = await call(admin, 'POST', '/api/admin/circumvention-cases', opening(reportId, introductionId));
    const id = opened.json().data.id as number;
    const [answer, decision] = await Promise.all([
      call(company, 'PUT', `/api/circumvention-cases/${id}/answer`, { answer: 'Stellungnahme in letzter Minute.' }),
      call(admin, 'POST', `/api/admin/circumvention-cases/${id}/decision`, { decision: 'eingestellt', reasons: 'x' }),
    ]);
    expect(answer.statusCode).toBe(200);
    // Within the deadline the office decides only after the answer: decided with it, or refused.
    if (decision.statusCode === 200) expect(decision.json().data.answer).toBe('Stellungnahme in letzter Minute.');
    else expect(decision.json().error.message).toBe(CASE_MSG.hearingRunning(opened.json().data.deadline));
  });
});
