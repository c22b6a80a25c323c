import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTRODUCTION_MSG,
  MEMBER_PERMISSION_MSG,
  type Introduction,
  type IntroductionDetail,
  type IntroductionEvent,
} from '@pb/core';
import { createUser, jobData, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember, invite } from '../../../test/support/organisation-fixtures';
import { adminReportOf, consultantReportBody } from '../../../test/support/placement-fixtures';
import { connectChat, EventLog, socketSide } from '../../../test/support/socket-client';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';
import { verifyRegister } from './register-verify';

/**
 * Issue 31: an introduction and its claim belong to the agency (the party that signed the terms),
 * the member who introduced is recorded. The claim rules compare agencies: a colleague's earlier
 * introduction is the agency's own claim (a duplicate, never 'nachrangig'), another agency's comes
 * second. Every member of either side who handles introductions sees them, Buchhaltung gets a German
 * 403, strangers 404. From the cheating side: a consultant in two agencies cannot carry one agency's
 * introduction into the other's placement report, and moving an introduction to another agency in
 * the database is found by the register's verification.
 */

type Member = { jwt: string };

describe('introductions belong to the agency', () => {
  let ctx: TestContext;
  const side = socketSide();
  let company: TestAccount;
  let recruiter: Member;
  let companyBookkeeper: Member;
  let agency: TestAccount;
  let colleague: Member;
  let agencyBookkeeper: Member;
  let otherAgency: TestAccount;
  let freelancer: TestAccount;
  let office: TestUser;
  let firstAd: number;
  let secondAd: number;
  let first: Introduction;
  let second: Introduction;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const introduce = (token: string, advertisement: number, email: string, lastName = 'Muster') =>
    call(token, 'POST', '/api/introductions', {
      advertisement,
      firstName: 'Eva',
      lastName,
      email,
      profile: TEST_PROFILE,
    });
  const publish = async (jobTitle: string): Promise<number> => {
    const res = await call(recruiter.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle, placementBonus: 15 }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const move = (token: string, id: number, status: string) =>
    call(token, 'POST', `/api/introductions/${id}/status`, { data: { status } });

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
    await side.listen(ctx.app);
    company = await createAccount(ctx, 'company', 'Hotel Bergblick');
    recruiter = await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    companyBookkeeper = await addMember(ctx, company, 'Bernd Buchhaltung', 'accounting');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    colleague = await addMember(ctx, agency, 'Klara Kollegin', 'consultant');
    agencyBookkeeper = await addMember(ctx, agency, 'Anna Abrechnung', 'accounting');
    otherAgency = await createAccount(ctx, 'consultant', 'Personal Maier');
    freelancer = await createAccount(ctx, 'consultant', 'Frei Berger');
    office = await createUser(ctx, { role: 'admin' });
    firstAd = await publish('Rezeptionist/in');
    secondAd = await publish('Nachtportier/in');
  });
  afterAll(async () => {
    side.closeSockets();
    await ctx?.close();
  });

  it('When a colleague introduces the candidate the agency already introduced for this advertisement, then it is the agency’s duplicate', async () => {
    const made = await introduce(agency.jwt, firstAd, 'eva.muster@example.at');
    expect(made.statusCode, made.body).toBe(201);
    first = made.json().data as Introduction;
    // She agrees (issue 35): the company may take it beyond 'in Prüfung' and report her hire below.
    await confirmCandidate(ctx, first.id);
    expect(first).toMatchObject({
      agency: { name: 'Talente Huber' },
      company: { name: 'Hotel Bergblick' },
      subordinate: false,
    });
    const again = await introduce(colleague.jwt, firstAd, 'Eva.Muster@example.at');
    expect([again.statusCode, again.json().error.message]).toEqual([409, INTRODUCTION_MSG.duplicate]);
  });

  it('When a colleague introduces her for another advertisement of the company, then it is the agency’s own claim, not nachrangig', async () => {
    const made = await introduce(colleague.jwt, secondAd, 'eva.muster@example.at');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ data: { subordinate: false }, meta: { notice: null } });
    second = made.json().data as Introduction;
    await confirmCandidate(ctx, second.id);
  });

  it('When another agency introduces her, then its introduction comes second: nachrangig', async () => {
    const made = await introduce(otherAgency.jwt, firstAd, 'eva.muster@example.at');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ subordinate: true, agency: { name: 'Personal Maier' } });
  });

  it('When members look, then those who handle introductions see their organisation’s, Buchhaltung gets a German 403, others 404', async () => {
    const colleagues = (await call(colleague.jwt, 'GET', '/api/introductions')).json().data as Introduction[];
    expect(colleagues.map((i) => i.advertisement.jobTitle).sort()).toEqual(['Nachtportier/in', 'Rezeptionist/in']);
    const detail = await call(colleague.jwt, 'GET', `/api/introductions/${first.id}`);
    expect(detail.json().data).toMatchObject({ candidate: { email: 'eva.muster@example.at' }, nextStatuses: [] });

    const companyList = (await call(recruiter.jwt, 'GET', '/api/introductions')).json();
    expect(companyList.data).toHaveLength(3);
    expect(companyList.meta.unseen).toBe(3);

    for (const bookkeeper of [agencyBookkeeper, companyBookkeeper]) {
      const list = await call(bookkeeper.jwt, 'GET', '/api/introductions');
      expect([list.statusCode, list.json().error.message]).toEqual([403, MEMBER_PERMISSION_MSG['introductions.write']]);
      expect((await call(bookkeeper.jwt, 'GET', `/api/introductions/${first.id}`)).statusCode).toBe(403);
      expect((await call(bookkeeper.jwt, 'GET', '/api/introductions/unseen')).json().data.count).toBe(0);
    }
    expect((await call(otherAgency.jwt, 'GET', `/api/introductions/${first.id}`)).statusCode).toBe(404);
    expect((await call(freelancer.jwt, 'GET', `/api/introductions/${first.id}`)).statusCode).toBe(404);
  });

  it('When the company’s recruiter answers, then every member of both sides who handles introductions hears it live, and the agency cannot answer for the company', async () => {
    const listeners = await Promise.all(
      [agency.jwt, colleague.jwt, company.jwt, agencyBookkeeper.jwt].map(async (jwt) => {
        const socket = await connectChat(side.server.baseUrl, jwt);
        side.sockets.push(socket);
        return new EventLog(socket, 'introduction:changed');
      }),
    );
    expect((await move(recruiter.jwt, first.id, 'in_pruefung')).statusCode).toBe(200);
    const heard = await Promise.all(listeners.slice(0, 3).map((log) => log.waitFor(1)));
    for (const [event] of heard) expect(event).toMatchObject<Partial<IntroductionEvent>>({ kind: 'status' });
    // The agency's view offers no company action; the company's offers the next stages.
    expect(heard[1]![0]!.introduction.nextStatuses).toEqual([]);
    expect(heard[2]![0]!.introduction.nextStatuses).toContain('interview');
    expect(listeners[3]!.items).toEqual([]);

    const byAgency = await move(colleague.jwt, first.id, 'interview');
    expect([byAgency.statusCode, byAgency.json().error.message]).toEqual([403, INTRODUCTION_MSG.companyOnly]);
    const byBookkeeper = await move(companyBookkeeper.jwt, first.id, 'interview');
    expect(byBookkeeper.statusCode).toBe(403);
  });

  it('When a consultant of two agencies acts for her own, then the other agency’s introduction is out of reach, also for a placement report', async () => {
    const token = await invite(ctx, agency, freelancer.email, 'consultant');
    expect((await call(freelancer.jwt, 'POST', '/api/invitations/accept', { token })).statusCode).toBe(200);
    // Acting for the agency she joined: the agency's introductions are hers to see.
    expect((await call(freelancer.jwt, 'GET', `/api/introductions/${first.id}`)).statusCode).toBe(200);

    const mine = (await call(freelancer.jwt, 'GET', '/api/organisations')).json().data as Array<{
      organisationId: number;
      name: string;
    }>;
    const own = mine.find((m) => m.name === 'Frei Berger')!;
    const switched = await call(freelancer.jwt, 'PUT', '/api/organisations/active', {
      organisationId: own.organisationId,
    });
    expect(switched.statusCode).toBe(200);
    expect((await call(freelancer.jwt, 'GET', `/api/introductions/${first.id}`)).statusCode).toBe(404);
    // Her own agency is in touch about the advertisement (its own introduction) ...
    expect((await introduce(freelancer.jwt, firstAd, 'max.beispiel@example.at', 'Beispiel')).statusCode).toBe(201);
    await move(recruiter.jwt, first.id, 'interview');
    await move(recruiter.jwt, first.id, 'angebot');
    // ... but the placement of the first agency's candidate is not hers to report.
    const report = await call(freelancer.jwt, 'POST', '/api/placement-reports', {
      data: consultantReportBody(firstAd, { introduction: first.id }),
    });
    expect([report.statusCode, report.json().error.message]).toEqual([400, INTRODUCTION_MSG.notFound]);
  });

  it('When a colleague reports the hire of her own introduction, then the agency’s earlier claim on the person raises no circumvention', async () => {
    for (const status of ['in_pruefung', 'interview', 'angebot']) await move(recruiter.jwt, second.id, status);
    const report = await call(colleague.jwt, 'POST', '/api/placement-reports', {
      data: consultantReportBody(secondAd, { introduction: second.id, placementBonus: 15 }),
    });
    expect(report.statusCode, report.body).toBe(201);
    // The administrator's introduction of the same person came first — but it is the same agency's claim.
    const seen = await adminReportOf(ctx, office, report.json().data.id as number);
    expect(seen.circumvention).toBeNull();
    const detail = (await call(agency.jwt, 'GET', `/api/introductions/${second.id}`)).json().data as IntroductionDetail;
    expect(detail.status).toBe('eingestellt');
  });

  it('When the agency reports the first introduction, then the other agency’s later claim does not compete, and a colleague may report it', async () => {
    const report = await call(colleague.jwt, 'POST', '/api/placement-reports', {
      data: consultantReportBody(firstAd, { introduction: first.id, placementBonus: 15 }),
    });
    expect(report.statusCode, report.body).toBe(201);
    expect((await adminReportOf(ctx, office, report.json().data.id as number)).circumvention).toBeNull();
  });

  it('When an introduction is moved to another agency in the database, then the register’s verification finds it', async () => {
    expect((await verifyRegister(ctx.app.db, ctx.config.registerSecret)).problems).toEqual([]);
    const [other] = await ctx.database.query<{ id: number }>(
      `SELECT agency_organisation_id AS id FROM introductions WHERE id <> $1 AND agency_organisation_id <>
         (SELECT agency_organisation_id FROM introductions WHERE id = $1) LIMIT 1`,
      [first.id],
    );
    await ctx.database.query('UPDATE introductions SET agency_organisation_id = $1 WHERE id = $2', [
      other!.id,
      first.id,
    ]);
    const { problems } = await verifyRegister(ctx.app.db, ctx.config.registerSecret);
    expect(problems).toEqual([expect.objectContaining({ introductionId: first.id })]);
  });
});
