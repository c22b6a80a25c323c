import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_PERMISSION_MSG,
  ORGANISATION_MSG,
  PLACEMENT_REVIEW_MSG,
  viennaDate,
  type CompanyPlacementReport,
  type EarningsOverview,
} from '@pb/core';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import { companyReportBody, consultantReportBody, setPlacementStatus } from '../../../test/support/placement-fixtures';

/**
 * Issue 31, the money step: a placement is the company's and the placing agency's (migration 0038).
 * Every member of the company reads its placements and invoices; only administrators and Buchhaltung
 * file guarantee claims; only administrators and Recruiting object to an agency's report. The
 * agency's administrators and Buchhaltung see all its placements and narrow them to one member;
 * a consultant sees their own. From the cheating side: another company reaches no invoice, a
 * colleague cannot report again after the company objected to the agency's report, and a member
 * filter cannot reach another organisation's member.
 */

type Member = { jwt: string; memberId: number };

describe('placements, invoices and earnings belong to organisations', () => {
  let ctx: TestContext;
  let company: TestAccount;
  let recruiter: Member;
  let bookkeeper: Member;
  let otherCompany: TestAccount;
  let agency: TestAccount;
  let colleague: Member;
  let secondColleague: Member;
  let agencyBookkeeper: Member;
  let office: TestUser;
  let advertisement: number;
  let reportId: number;
  let invoiceId: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const earnings = async (token: string, query = '') => {
    const res = await call(token, 'GET', `/api/earnings${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as EarningsOverview).placements.map((p) => p.id);
  };
  const memberIdOf = async (jwt: string) =>
    (await call(jwt, 'GET', '/api/users/me')).json().organisation.memberId as number;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
    company = await createAccount(ctx, 'company', 'Hotel Bergblick');
    recruiter = await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    bookkeeper = await addMember(ctx, company, 'Bernd Buchhaltung', 'accounting');
    otherCompany = await createAccount(ctx, 'company', 'Gasthof Tal');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    colleague = await addMember(ctx, agency, 'Klara Kollegin', 'consultant');
    secondColleague = await addMember(ctx, agency, 'Karl Kollege', 'consultant');
    agencyBookkeeper = await addMember(ctx, agency, 'Anna Abrechnung', 'accounting');
    office = await createUser(ctx, { role: 'admin' });

    const published = await call(recruiter.jwt, 'POST', '/api/jobs', {
      data: jobData({ jobTitle: 'Rezeptionist/in', placementBonus: 20 }),
    });
    advertisement = published.json().data.id as number;
    const introduced = await call(colleague.jwt, 'POST', '/api/introductions', {
      advertisement,
      firstName: 'Eva',
      lastName: 'Muster',
      email: 'eva.muster@example.at',
      profile: TEST_PROFILE,
    });
    const introduction = introduced.json().data.id as number;
    await confirmCandidate(ctx, introduction);
    // The recruiter reports the hire of the agency's candidate; the office invoices it.
    const report = await call(recruiter.jwt, 'POST', '/api/placement-reports', {
      data: companyReportBody(advertisement, { introduction, candidateEmail: 'eva.muster@example.at' }),
    });
    expect(report.statusCode, report.body).toBe(201);
    reportId = report.json().data.id as number;
    expect((await setPlacementStatus(ctx, office, reportId, 'verrechnet')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When members of the company look, then each reads the placement and its invoice; another company reaches neither', async () => {
    for (const member of [company, recruiter, bookkeeper]) {
      const billing = (await call(member.jwt, 'GET', '/api/billing')).json().data as EarningsOverview;
      expect(billing.placements.map((p) => p.id)).toEqual([reportId]);
      expect(billing.invoices).toHaveLength(1);
      invoiceId = billing.invoices[0]!.id;
      expect((await call(member.jwt, 'GET', `/api/invoices/${invoiceId}/pdf`)).statusCode).toBe(200);
    }
    const other = (await call(otherCompany.jwt, 'GET', '/api/billing')).json().data as EarningsOverview;
    expect(other.placements).toEqual([]);
    expect((await call(otherCompany.jwt, 'GET', `/api/invoices/${invoiceId}/pdf`)).statusCode).toBe(404);
    expect((await call(colleague.jwt, 'GET', `/api/invoices/${invoiceId}/pdf`)).statusCode).toBe(403);
  });

  it('When a guarantee claim is filed, then Recruiting gets a German 403, another company 404, Buchhaltung files it', async () => {
    const today = viennaDate(new Date());
    const body = {
      data: {
        employmentStart: today,
        employmentEnd: today,
        endedBy: 'arbeitnehmer',
        note: 'Gekündigt',
      },
    };
    const url = `/api/placements/${reportId}/guarantee-claim`;
    const byRecruiter = await call(recruiter.jwt, 'POST', url, body);
    expect([byRecruiter.statusCode, byRecruiter.json().error.message]).toEqual([
      403,
      MEMBER_PERMISSION_MSG['billing.manage'],
    ]);
    expect((await call(otherCompany.jwt, 'POST', url, body)).statusCode).toBe(404);
    const byBookkeeper = await call(bookkeeper.jwt, 'POST', url, body);
    expect(byBookkeeper.statusCode, byBookkeeper.body).toBe(201);
  });

  it('When the agency looks at its earnings, then administrators and Buchhaltung see all and narrow by member, a consultant her own', async () => {
    expect(await earnings(agency.jwt)).toEqual([reportId]);
    expect(await earnings(agencyBookkeeper.jwt)).toEqual([reportId]);
    expect(await earnings(agencyBookkeeper.jwt, `?member=${colleague.memberId}`)).toEqual([reportId]);
    expect(await earnings(agency.jwt, `?member=${await memberIdOf(agency.jwt)}`)).toEqual([]);
    expect(await earnings(colleague.jwt)).toEqual([reportId]);
    // A consultant's filter is ignored: she sees her own, never a colleague's.
    expect(await earnings(secondColleague.jwt, `?member=${colleague.memberId}`)).toEqual([]);

    const foreign = await call(agency.jwt, 'GET', `/api/earnings?member=${recruiter.memberId}`);
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([400, ORGANISATION_MSG.memberNotFound]);
    const csv = await call(agencyBookkeeper.jwt, 'GET', `/api/earnings.csv?member=${colleague.memberId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')).toHaveLength(3); // BOM header, the placement, the final line break
  });

  it('When a consultant reports without an introduction and the company objects, then Buchhaltung may not object and no colleague may report again', async () => {
    const second = await call(recruiter.jwt, 'POST', '/api/jobs', {
      data: jobData({ jobTitle: 'Nachtportier/in', placementBonus: 20 }),
    });
    const secondAd = second.json().data.id as number;
    // The agency is in touch about it (an introduction opens the conversation).
    const introduced = await call(colleague.jwt, 'POST', '/api/introductions', {
      advertisement: secondAd,
      firstName: 'Max',
      lastName: 'Beispiel',
      email: 'max.beispiel@example.at',
      profile: TEST_PROFILE,
    });
    expect(introduced.statusCode).toBe(201);
    const report = await call(colleague.jwt, 'POST', '/api/placement-reports', {
      data: consultantReportBody(secondAd, { jobTitle: 'Nachtportier/in' }),
    });
    expect(report.statusCode, report.body).toBe(201);
    const id = report.json().data.id as number;

    const listed = async (jwt: string) =>
      ((await call(jwt, 'GET', '/api/placement-reports/mine')).json().data as CompanyPlacementReport[]).find(
        (r) => r.id === id,
      );
    expect(await listed(bookkeeper.jwt)).toMatchObject({ canObject: false });
    expect(await listed(recruiter.jwt)).toMatchObject({ canObject: true });

    const objection = { data: { note: 'Die Kandidatin kam über eine andere Agentur.' } };
    const byBookkeeper = await call(bookkeeper.jwt, 'POST', `/api/placement-reports/${id}/objection`, objection);
    expect([byBookkeeper.statusCode, byBookkeeper.json().error.message]).toEqual([
      403,
      MEMBER_PERMISSION_MSG['placements.report'],
    ]);
    expect((await call(recruiter.jwt, 'POST', `/api/placement-reports/${id}/objection`, objection)).statusCode).toBe(
      200,
    );
    const again = await call(secondColleague.jwt, 'POST', '/api/placement-reports', {
      data: consultantReportBody(secondAd, { jobTitle: 'Nachtportier/in' }),
    });
    expect([again.statusCode, again.json().error.message]).toEqual([409, PLACEMENT_REVIEW_MSG.objectedBefore]);
  });
});
