import { expect } from 'vitest';
import { addCalendarDays, type CircumventionCase } from '@pb/core';
import type { TestUser } from '../factories';
import type { billingSuite } from './billing-suite';
import { adminReportOf, companyReportBody, introduceCandidate, reportId } from './placement-fixtures';

/**
 * Circumvention case helpers (issue 34): a company's own report naming none of a consultant's live
 * introduction ('Umgehungsverdacht'), and the office's opening of a case on it.
 */

type Suite = ReturnType<typeof billingSuite>;

let candidates = 0;

export function caseCalls(s: Suite) {
  const { ctx, company, consultant, admin } = s;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) =>
    ctx.request({ method, url, token: user.token, ...(data === undefined ? {} : { payload: { data } }) });

  /** The company reports its own hire (10 %) on an advertisement at 18 % with the consultant's introduction live. */
  async function suspectedReport(title: string): Promise<{ reportId: number; introductionId: number }> {
    const advertisement = await s.publish(company, title, 18);
    candidates += 1;
    const email = `kandidat.${candidates}.${process.pid}@example.at`;
    const introductionId = await introduceCandidate(ctx, consultant, advertisement, email);
    const id = await reportId(
      ctx,
      company,
      companyReportBody(advertisement, { jobTitle: title, placementBonus: 10, candidateEmail: 'someone@example.at' }),
    );
    expect((await adminReportOf(ctx, admin, id)).circumvention).not.toBeNull();
    return { reportId: id, introductionId };
  }

  const opening = (placementReportId: number, introductionId: number, days = 14) => ({
    placementReportId,
    introductionId,
    letter: 'Sehr geehrte Damen und Herren, bitte nehmen Sie Stellung.',
    deadline: addCalendarDays(s.today(), days),
  });

  async function openCase(reportId: number, introductionId: number): Promise<CircumventionCase> {
    const res = await call(admin, 'POST', '/api/admin/circumvention-cases', opening(reportId, introductionId));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CircumventionCase;
  }

  return { call, suspectedReport, opening, openCase };
}
