import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  ORGANISATION_MSG,
  TERMS_MSG,
  type AdminTermsDecision,
  type AdminTermsVersion,
  type OrganisationTerms,
} from '@pb/core';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { createAccount, latestMailTo, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import { consultantReportBody } from '../../../test/support/placement-fixtures';
import { takeDownEndedContracts } from './contract-ends';

/**
 * The terms between the operator and each organisation (issue 31, spec §9): registration accepts
 * them; the office publishes a version and every administrator is told by mail and in the bell; an
 * administrator may object within six weeks, which ends the contract on the day the version applies;
 * silence accepts. From the cheating side: a recruiter cannot object for the company, a late
 * objection is refused, a decision cannot be changed, and an organisation whose contract ended
 * starts no new business (advertisement, conversation, introduction) — on every path.
 */

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-11-20T09:00:00.000Z');

describe('terms versions, acceptance and objection', () => {
  let ctx: TestContext;
  let company: TestAccount;
  let recruiter: { jwt: string; email: string };
  let secondAdmin: { jwt: string; email: string };
  let agency: TestAccount;
  let otherAgency: TestAccount;
  let office: TestUser;
  let advertisement: number;
  let versionId: number;
  let secondAdvertisement: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const termsOf = async (token: string) => {
    const res = await call(token, 'GET', '/api/organisation/terms');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OrganisationTerms;
  };
  const publish = (payload: object) => call(office.token, 'POST', '/api/admin/terms-versions', payload);

  beforeAll(async () => {
    ctx = await createTestContext({ now: () => now, env: { RATE_LIMIT_FACTOR: '100' } });
    company = await createAccount(ctx, 'company', 'Hotel Bergblick');
    recruiter = await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    secondAdmin = await addMember(ctx, company, 'Alois Admin', 'administrator');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    otherAgency = await createAccount(ctx, 'consultant', 'Personal Maier');
    office = await createUser(ctx, { role: 'admin' });
    const published = await call(company.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Koch/Köchin' }) });
    advertisement = published.json().data.id as number;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When an organisation registers, then it has accepted the terms in force, by its founder', async () => {
    const terms = await termsOf(company.jwt);
    expect(terms.contractEndsAt).toBeNull();
    expect(terms.versions).toEqual([
      expect.objectContaining({
        version: 'Erstfassung',
        standing: 'accepted',
        decidedBy: 'Hotel Bergblick',
        mayObject: false,
      }),
    ]);
  });

  it('When a version is malformed or its name taken, then a German 4xx and nothing is published', async () => {
    const empty = await publish({ version: '  ', summary: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(TERMS_MSG.versionRequired);
    const noSummary = await publish({ version: 'Fassung 2027' });
    expect(noSummary.statusCode).toBe(400);
    expect(noSummary.json().error.message).toBe(TERMS_MSG.summaryRequired);
    const taken = await publish({ version: 'erstfassung', summary: 'Neu' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(TERMS_MSG.versionTaken);
    expect(
      (await call(company.jwt, 'POST', '/api/admin/terms-versions', { version: 'X', summary: 'Y' })).statusCode,
    ).toBe(403);
    const versions = (await call(office.token, 'GET', '/api/admin/terms-versions')).json().data as AdminTermsVersion[];
    expect(versions.map((v) => v.version)).toEqual(['Erstfassung']);
  });

  it('When the office publishes a version, then every administrator is told by mail and in the bell, with six weeks to object', async () => {
    const res = await publish({
      version: 'Fassung Jänner 2027',
      summary: 'Die Garantiefrist wird auf 90 Tage verlängert.',
    });
    expect(res.statusCode, res.body).toBe(200);
    versionId = res.json().data.id as number;
    // Three organisations, four administrators (the company has two); the recruiter is not one.
    expect(res.json().data.told).toBe(4);
    const mail = await latestMailTo(ctx, secondAdmin.email, /Fassung Jänner 2027/);
    expect(mail.text).toContain('Die Garantiefrist wird auf 90 Tage verlängert.');
    expect(mail.text).toContain('01.01.2027');
    await expect(latestMailTo(ctx, recruiter.email, /Fassung Jänner 2027/)).rejects.toThrow();
    const bell = await call(agency.jwt, 'GET', '/api/notifications');
    expect(bell.json().data.items[0]).toMatchObject({ kind: 'terms', title: 'Neue AGB: Fassung Jänner 2027' });

    const mine = await termsOf(company.jwt);
    expect(mine.versions[0]).toMatchObject({ id: versionId, standing: 'open', mayObject: true });
    // Published on 20.11.2026: objections until the end of 01.01.2027, in force from 00:00 Vienna time on 02.01.2027.
    expect(mine.versions[0]!.effectiveAt).toBe('2027-01-01T23:00:00.000Z');
    expect((await termsOf(recruiter.jwt)).versions[0]).toMatchObject({ standing: 'open', mayObject: false });
  });

  it('When a recruiter objects for the company, then 403 and nothing is recorded', async () => {
    const res = await call(recruiter.jwt, 'POST', `/api/organisation/terms/${versionId}/objection`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ORGANISATION_MSG.adminOnly);
    expect((await call(office.token, 'POST', `/api/organisation/terms/${versionId}/objection`)).statusCode).toBe(403);
    expect((await call(company.jwt, 'POST', '/api/organisation/terms/2000000000/objection')).statusCode).toBe(404);
    expect((await termsOf(company.jwt)).versions[0]!.standing).toBe('open');
  });

  it('When two administrators object at once, then one objection counts and the contract ends on the effective date', async () => {
    now = new Date(now.getTime() + 10 * DAY);
    const answers = await Promise.all(
      [company.jwt, secondAdmin.jwt].map((jwt) => call(jwt, 'POST', `/api/organisation/terms/${versionId}/objection`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe(TERMS_MSG.alreadyDecided);
    const terms = await termsOf(company.jwt);
    expect(terms.versions[0]).toMatchObject({ standing: 'objected', mayObject: false });
    expect(terms.contractEndsAt).toBe(terms.versions[0]!.effectiveAt);
    // An objection is final: no acceptance afterwards.
    expect((await call(company.jwt, 'POST', `/api/organisation/terms/${versionId}/acceptance`)).statusCode).toBe(409);

    // The agency accepts early; the other agency stays silent.
    expect((await call(agency.jwt, 'POST', `/api/organisation/terms/${versionId}/acceptance`)).statusCode).toBe(200);
    const decisions = (await call(office.token, 'GET', `/api/admin/terms-versions/${versionId}/decisions`)).json()
      .data as AdminTermsDecision[];
    expect(decisions.map((d) => [d.organisationName, d.decision])).toEqual([
      ['Hotel Bergblick', 'objected'],
      ['Talente Huber', 'accepted'],
    ]);
    expect(decisions[0]!.contractEndsAt).toBe(terms.contractEndsAt);
    const versions = (await call(office.token, 'GET', '/api/admin/terms-versions')).json().data as AdminTermsVersion[];
    expect(versions[0]).toMatchObject({ accepted: 1, objected: 1, undecided: 1 });
    const audit = await call(office.token, 'GET', '/api/admin/audit-log?filters[action][$eq]=terms.objected');
    expect(audit.json().data).toHaveLength(1);
  });

  it('Until the version applies, the objecting company still works; the agency can talk to it', async () => {
    const published = await call(company.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Rezeptionist/in' }) });
    expect(published.statusCode, published.body).toBe(201);
    secondAdvertisement = published.json().data.id as number;
    const contacted = await call(agency.jwt, 'POST', '/api/chat-communications', {
      advertisement,
      message: 'Grüß Gott!',
    });
    expect(contacted.statusCode, contacted.body).toBe(201);
    const introduced = await call(agency.jwt, 'POST', '/api/introductions', {
      advertisement,
      firstName: 'Max',
      lastName: 'Vorher',
      email: 'max.vorher@example.at',
      profile: TEST_PROFILE,
    });
    expect(introduced.statusCode, introduced.body).toBe(201);
    await confirmCandidate(ctx, introduced.json().data.id as number);
  });

  it('When the version applies, then a silent organisation is bound and may no longer object; the ended company starts no new business', async () => {
    now = new Date(now.getTime() + 33 * DAY);
    const late = await call(otherAgency.jwt, 'POST', `/api/organisation/terms/${versionId}/objection`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(TERMS_MSG.objectionClosed);
    expect((await termsOf(otherAgency.jwt)).versions[0]).toMatchObject({
      standing: 'deemed_accepted',
      mayObject: false,
    });

    // The company hears why; the office hears whose contract it is; an agency finds the advertisement gone.
    const own = await call(company.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Kellner/in' }) });
    expect([own.statusCode, own.json().error.message]).toEqual([403, TERMS_MSG.contractEnded]);
    const byOffice = await call(office.token, 'POST', '/api/admin/jobs', {
      companyId: company.id,
      data: jobData({ jobTitle: 'Kellner/in' }),
    });
    expect([byOffice.statusCode, byOffice.json().error.message]).toEqual([409, TERMS_MSG.contractEndedOffice]);
    const refused = [
      await call(otherAgency.jwt, 'POST', '/api/chat-communications', { advertisement, message: 'Grüß Gott!' }),
      await call(otherAgency.jwt, 'POST', '/api/introductions', {
        advertisement,
        firstName: 'Eva',
        lastName: 'Muster',
        email: 'eva.muster@example.at',
        profile: TEST_PROFILE,
      }),
    ];
    // The office cannot bring the ended company's advertisement back either.
    const deactivated = await call(company.jwt, 'PUT', `/api/jobs/${advertisement}`, { data: { publishedAt: null } });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const reactivated = await call(office.token, 'PUT', `/api/admin/jobs/${advertisement}/publish`, {
      published: true,
    });
    expect([reactivated.statusCode, reactivated.json().error.message]).toEqual([409, TERMS_MSG.contractEndedOffice]);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe(MSG.advertisementGone);
    }
    // What exists stays readable: the company's own terms page and its members.
    expect((await termsOf(company.jwt)).contractEndsAt).not.toBeNull();
    expect((await call(company.jwt, 'GET', '/api/organisation/members')).statusCode).toBe(200);
  });

  it("When the daily run meets the ended contract, then the company's advertisements come down once, audited", async () => {
    const before = await call(agency.jwt, 'GET', `/api/jobs/${secondAdvertisement}`);
    expect(before.statusCode).toBe(200);
    expect(await takeDownEndedContracts(ctx.app.db, now)).toEqual({ organisations: 1, advertisements: 1 });
    expect((await call(agency.jwt, 'GET', `/api/jobs/${secondAdvertisement}`)).statusCode).toBe(404);
    // Another instance, or the next day: nothing left to take down, nothing recorded twice.
    expect(await takeDownEndedContracts(ctx.app.db, now)).toEqual({ organisations: 0, advertisements: 0 });
    const audit = await call(office.token, 'GET', '/api/admin/audit-log?filters[action][$eq]=terms.contract-ended');
    expect(audit.json().data).toHaveLength(1);
  });

  it('When the agency reports a hire after the contract ended, then the fee is still owed; an objection brings no advertisement back', async () => {
    // The agency introduced someone here before: the taken-down advertisement still takes its report.
    const owed = await call(agency.jwt, 'POST', '/api/placement-reports', {
      data: consultantReportBody(advertisement, {}),
    });
    expect(owed.statusCode, owed.body).toBe(201);
    // Another agency, which never introduced anyone here, cannot report on it.
    const stranger = await call(otherAgency.jwt, 'POST', '/api/placement-reports', {
      data: consultantReportBody(advertisement, {}),
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    const reportId = owed.json().data.id as number;
    const objected = await call(company.jwt, 'POST', `/api/placement-reports/${reportId}/objection`, {
      data: { note: 'Nicht über die Prämienbörse besetzt.' },
    });
    expect(objected.statusCode, objected.body).toBe(200);
    // Still taken down: the agency that introduced someone reads it (to report, issue 32), unpublished; others do not.
    const read = await call(agency.jwt, 'GET', `/api/jobs/${advertisement}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.publishedAt).toBeNull();
    expect((await call(otherAgency.jwt, 'GET', `/api/jobs/${advertisement}`)).statusCode).toBe(404);
  });

  it('When an organisation registers after a version was published, then it has accepted that version too', async () => {
    const late = await createAccount(ctx, 'company', 'Gasthof Neu');
    const terms = await termsOf(late.jwt);
    expect(terms.versions.map((v) => [v.version, v.standing])).toEqual([
      ['Fassung Jänner 2027', 'accepted'],
      ['Erstfassung', 'accepted'],
    ]);
  });

  it('When two offices publish the same name at once, then one version is published and the other hears 409', async () => {
    const answers = await Promise.all(
      ['Fassung Juli 2027', 'fassung juli 2027'].map((version) => publish({ version, summary: 'Neue Zahlungsfrist.' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe(TERMS_MSG.versionTaken);
  });

  it('A visitor reaches none of it', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/organisation/terms' })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/admin/terms-versions' })).statusCode).toBe(401);
  });
});
