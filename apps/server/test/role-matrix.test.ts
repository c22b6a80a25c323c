import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsOverview } from '@pb/core';
import { createUser, jobData, type TestUser } from './factories';
import { createTestContext, type TestContext } from './helpers';
import { createAccount, nextIp } from './support/account-fixtures';
import { confirmCandidate, TEST_PROFILE } from './support/candidate-consent';
import { addMember, invite } from './support/organisation-fixtures';
import { companyReportBody, setPlacementStatus } from './support/placement-fixtures';
import { connectChat, socketSide } from './support/socket-client';

/**
 * The role matrix of issue 31, from outside: one company (Administrator, Recruiting, Buchhaltung)
 * and one agency (Administrator, Berater, Buchhaltung) with an advertisement, a conversation, an
 * introduction and an invoice between them; beside them another company, another agency, a removed
 * recruiter, a person invited but not yet joined, the back office and a visitor. Every read names
 * who gets the thing; everyone else gets a refusal (401/403/404) and never a 5xx. Every write is
 * tried by everyone it refuses, and the thing is unchanged afterwards. The socket events ask the same
 * rules. docs/decisions/0031 holds the table this encodes.
 */

const WHO = [
  'companyAdmin',
  'recruiting',
  'companyAccounting',
  'otherCompany',
  'agencyAdmin',
  'consultant',
  'agencyAccounting',
  'otherAgency',
  'removed',
  'invited',
  'office',
  'visitor',
] as const;
type Who = (typeof WHO)[number];

const COMPANY: Who[] = ['companyAdmin', 'recruiting', 'companyAccounting'];
const HANDLERS: Who[] = ['companyAdmin', 'recruiting', 'agencyAdmin', 'consultant'];

describe('the role matrix: every role of both parties, outsiders, the office and a visitor', () => {
  let ctx: TestContext;
  const side = socketSide();
  const token = {} as Record<Who, string | undefined>;
  let office: TestUser;
  let job: number;
  let conversation: number;
  let introduction: number;
  let report: number;
  let invoice: number;
  let companyOrganisation: number;

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.request({
      method,
      url,
      ...(token[who] ? { token: token[who] } : {}),
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
    await side.listen(ctx.app);
    const company = await createAccount(ctx, 'company', 'Hotel Bergblick');
    const agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    token.companyAdmin = company.jwt;
    token.recruiting = (await addMember(ctx, company, 'Rita Recruiting', 'recruiting')).jwt;
    token.companyAccounting = (await addMember(ctx, company, 'Bernd Buchhaltung', 'accounting')).jwt;
    token.otherCompany = (await createAccount(ctx, 'company', 'Gasthof Tal')).jwt;
    token.agencyAdmin = agency.jwt;
    token.consultant = (await addMember(ctx, agency, 'Klara Kollegin', 'consultant')).jwt;
    token.agencyAccounting = (await addMember(ctx, agency, 'Anna Abrechnung', 'accounting')).jwt;
    token.otherAgency = (await createAccount(ctx, 'consultant', 'Personal Maier')).jwt;
    const leaving = await addMember(ctx, company, 'Rolf Raus', 'recruiting');
    token.removed = leaving.jwt;
    const invited = await createAccount(ctx, 'consultant', 'Ines Eingeladen');
    await invite(ctx, company, invited.email, 'recruiting');
    token.invited = invited.jwt;
    office = await createUser(ctx, { role: 'admin' });
    token.office = office.token;
    token.visitor = undefined;

    companyOrganisation = (await call('companyAdmin', 'GET', '/api/organisation')).json().data.id as number;
    job = (
      await call('recruiting', 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Koch/Köchin', placementBonus: 20 }) })
    ).json().data.id as number;
    const contacted = await call('agencyAdmin', 'POST', '/api/chat-communications', {
      advertisement: job,
      message: 'Grüß Gott!',
    });
    conversation = contacted.json().data.id as number;
    const introduced = await call('agencyAdmin', 'POST', '/api/introductions', {
      advertisement: job,
      firstName: 'Eva',
      lastName: 'Muster',
      email: 'eva.muster@example.at',
      profile: TEST_PROFILE,
    });
    introduction = introduced.json().data.id as number;
    await confirmCandidate(ctx, introduction);
    const reported = await call('recruiting', 'POST', '/api/placement-reports', {
      data: companyReportBody(job, { introduction, candidateEmail: 'eva.muster@example.at' }),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    report = reported.json().data.id as number;
    expect((await setPlacementStatus(ctx, office, report, 'verrechnet')).statusCode).toBe(200);
    invoice = ((await call('companyAccounting', 'GET', '/api/billing')).json().data as EarningsOverview).invoices[0]!
      .id;
    // The recruiter leaves the company after all of it happened.
    const removed = await call('companyAdmin', 'DELETE', `/api/organisation/members/${leaving.memberId}`);
    expect(removed.statusCode, removed.body).toBe(200);
  });
  afterAll(async () => {
    side.closeSockets();
    await ctx?.close();
  });

  /** The reads of one party's things and who gets them (200); everyone else is refused. */
  const reads: Array<{ name: string; url: () => string; allowed: Who[] }> = [
    {
      name: 'the advertisement’s bonus history',
      url: () => `/api/placement-bonuses?filters[advertisement][id][$eq]=${job}`,
      allowed: COMPANY,
    },
    {
      name: 'the conversation',
      url: () => `/api/chat-communications/${conversation}`,
      // The back office reads conversations (chat/policy.ts: disputes over who introduced whom); it never writes.
      allowed: [...COMPANY, 'agencyAdmin', 'consultant', 'office'],
    },
    {
      name: 'its messages',
      url: () => `/api/chat-communications/${conversation}/messages`,
      allowed: [...COMPANY, 'agencyAdmin', 'consultant', 'office'],
    },
    { name: 'the introduction', url: () => `/api/introductions/${introduction}`, allowed: [...HANDLERS, 'office'] },
    {
      name: 'the introduction’s proof PDF',
      url: () => `/api/introductions/${introduction}/proof.pdf`,
      allowed: [...HANDLERS, 'office'],
    },
    { name: 'the invoice PDF', url: () => `/api/invoices/${invoice}/pdf`, allowed: [...COMPANY, 'office'] },
    { name: 'the e-invoice', url: () => `/api/invoices/${invoice}/xml`, allowed: [...COMPANY, 'office'] },
    {
      name: 'the organisation in the back office',
      url: () => `/api/admin/organisations/${companyOrganisation}`,
      allowed: ['office'],
    },
  ];

  it.each(reads.map((read) => [read.name, read] as const))(
    'When everyone reads %s, then only its parties get it',
    async (_name, read) => {
      const outcome = {} as Record<Who, number>;
      for (const who of WHO) outcome[who] = (await call(who, 'GET', read.url())).statusCode;
      const expected = Object.fromEntries(
        WHO.map((who) => [
          who,
          read.allowed.includes(who) ? 200 : expect.toSatisfy((s: number) => [401, 403, 404].includes(s)),
        ]),
      );
      expect(outcome).toEqual(expected);
    },
  );

  /** Lists: who finds the thing in their own list (everyone else gets a list without it, or a refusal). */
  const lists: Array<{
    name: string;
    url: string;
    ids: (body: unknown) => number[];
    thing: () => number;
    finders: Who[];
  }> = [
    {
      name: 'the conversations',
      url: '/api/chat-communications',
      ids: (body) => (body as { data: Array<{ id: number }> }).data.map((c) => c.id),
      thing: () => conversation,
      finders: [...COMPANY, 'agencyAdmin', 'consultant'],
    },
    {
      name: 'the introductions',
      url: '/api/introductions',
      ids: (body) => (body as { data: Array<{ id: number }> }).data.map((i) => i.id),
      thing: () => introduction,
      finders: HANDLERS,
    },
    {
      name: 'the company’s billing',
      url: '/api/billing',
      ids: (body) => (body as { data: EarningsOverview }).data.placements.map((p) => p.id),
      thing: () => report,
      finders: COMPANY,
    },
    {
      name: 'the agency’s earnings',
      url: '/api/earnings',
      ids: (body) => (body as { data: EarningsOverview }).data.placements.map((p) => p.id),
      thing: () => report,
      // The placing consultant is the agency's administrator: the colleague sees only her own.
      finders: ['agencyAdmin', 'agencyAccounting'],
    },
  ];

  it.each(lists.map((list) => [list.name, list] as const))(
    'When everyone lists %s, then only its parties find it',
    async (_name, list) => {
      const found: Who[] = [];
      for (const who of WHO) {
        const res = await call(who, 'GET', list.url);
        expect(res.statusCode, `${who}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode === 200 && list.ids(res.json()).includes(list.thing())) found.push(who);
      }
      expect(found).toEqual(list.finders);
    },
  );

  it('When everyone it refuses tries to change the advertisement, the introduction or the conversation, then nothing changes', async () => {
    const titleOf = async () => (await call('companyAdmin', 'GET', `/api/jobs/${job}`)).json().data.jobTitle as string;
    const stageOf = async () =>
      (await call('companyAdmin', 'GET', `/api/introductions/${introduction}`)).json().data.status as string;
    const messageCount = async () =>
      (
        (await call('companyAdmin', 'GET', `/api/chat-communications/${conversation}/messages`)).json()
          .data as unknown[]
      ).length;
    const before = { title: await titleOf(), stage: await stageOf(), messages: await messageCount() };
    const writes: Array<{ who: Who[]; method: 'PUT' | 'POST'; url: () => string; payload: object }> = [
      {
        who: WHO.filter((w) => w !== 'companyAdmin' && w !== 'recruiting'),
        method: 'PUT',
        url: () => `/api/jobs/${job}`,
        payload: { data: jobData({ jobTitle: 'Gekapert' }) },
      },
      {
        who: WHO.filter((w) => w !== 'companyAdmin' && w !== 'recruiting'),
        method: 'POST',
        url: () => `/api/introductions/${introduction}/status`,
        payload: { data: { status: 'abgesagt', reason: 'Nicht passend' } },
      },
      {
        who: WHO.filter((w) => !HANDLERS.includes(w)),
        method: 'POST',
        url: () => `/api/chat-communications/${conversation}/messages`,
        payload: { message: 'Übernommen!' },
      },
    ];
    for (const write of writes) {
      for (const who of write.who) {
        const res = await call(who, write.method, write.url(), write.payload);
        expect([401, 403, 404], `${who} ${write.method} ${write.url()}: ${res.body}`).toContain(res.statusCode);
      }
    }
    expect({ title: await titleOf(), stage: await stageOf(), messages: await messageCount() }).toEqual(before);
  });

  it('When everyone sends and reads over the socket, then the same members pass and the rest is refused', async () => {
    const sent: Who[] = [];
    const read: Who[] = [];
    for (const who of WHO) {
      if (who === 'visitor') {
        await expect(connectChat(side.server.baseUrl, undefined)).rejects.toThrow();
        continue;
      }
      const socket = await connectChat(side.server.baseUrl, token[who]);
      side.sockets.push(socket);
      const readAck = (await socket.emitWithAck('chat:read', { chatId: conversation })) as {
        ok: boolean;
        error?: { status: number };
      };
      if (readAck.ok) read.push(who);
      else expect([403, 404]).toContain(readAck.error?.status);
      const sendAck = (await socket.emitWithAck('chat:send', { chatId: conversation, message: `Von ${who}` })) as {
        ok: boolean;
        error?: { status: number };
      };
      if (sendAck.ok) sent.push(who);
      else expect([403, 404]).toContain(sendAck.error?.status);
    }
    expect(read).toEqual([...COMPANY, 'agencyAdmin', 'consultant']);
    expect(sent).toEqual(HANDLERS);
  });
});
