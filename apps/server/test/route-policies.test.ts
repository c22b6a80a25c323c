import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placementReports } from '../src/db/schema';
import { SOCKET_EVENT_POLICIES } from '../src/modules/chat/gateway';
import { createJob, createChatUser, insertConversation, type ChatUser } from './support/chat-fixtures';
import { TEST_PROFILE } from './support/candidate-consent';
import { createTestContext, type TestContext } from './helpers';
import { NO_ID, routes, type Actor, type Ids } from './route-policy-table';

/**
 * Every route names the policy that guards it (`config.policy`, services/policies.ts), and the
 * guard does what the name says: the table (route-policy-table.ts) lists every route, and this
 * file every socket event, with its policy. A new route fails here until it is tagged and listed.
 */

/** Socket events (chat/gateway.ts) and their policies; each event re-checks the account first. */
const socketEvents = {
  connection: 'signedIn',
  'chat:send': 'chat.participant',
  'chat:read': 'chat.member',
};

// Routes of third-party plugins (the OpenAPI pages under /api/docs) are registered before the
// registry (app.ts) and are not ours to tag: they are open to all.
const key = (method: string, url: string) => `${method} ${url}`;

describe('route policies', () => {
  let ctx: TestContext;
  const actors = {} as Record<Actor, ChatUser>;
  const ids = {} as Ids;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['company', 'consultant', 'admin'] as const) actors[role] = await createChatUser(ctx.app, role);
    actors.otherCompany = await createChatUser(ctx.app, 'company');
    ids.company = actors.company.id;
    const db = ctx.app.db;
    ids.job = (await createJob(db, actors.company.id, { bonus: 15 })).id;
    ids.conversation = await insertConversation(db, {
      jobId: ids.job,
      consultantId: actors.consultant.id,
      companyId: actors.company.id,
    });
    const [report] = await db
      .insert(placementReports)
      .values({
        jobId: ids.job,
        reporterId: actors.consultant.id,
        companyId: actors.company.id,
        variant: 'consultant',
        companyName: 'Bau GmbH',
        jobTitle: 'Buchhalter/in',
        contactPerson: 'Frau Muster',
        recruiter: 'Berater',
        recruiterMail: actors.consultant.email,
        placementBonus: 15,
        actualSalary: 48_000,
        placementFee: 7_200,
        serviceFee: 720,
      })
      .returning({ id: placementReports.id });
    ids.report = report!.id;
    const introduced = await ctx.request({
      method: 'POST',
      url: '/api/introductions',
      payload: {
        advertisement: ids.job,
        firstName: 'Max',
        lastName: 'Muster',
        email: 'max.route@example.at',
        phone: '0664 1234567',
        profile: TEST_PROFILE,
      },
      token: actors.consultant.token,
    });
    expect(introduced.statusCode, introduced.body).toBe(201);
    ids.introduction = (introduced.json() as { data: { id: number } }).data.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const registered = () => ctx.app.routePolicies.filter((r) => r.method !== 'HEAD');

  it('When the app is built, then every route is listed here with the policy it names', () => {
    const line = (r: { method: string; url: string; policy: string | undefined }) =>
      `${key(r.method, r.url)} → ${r.policy ?? '(none)'}`;
    const expected = routes.map(line).sort();
    expect(registered().map(line).sort()).toEqual(expected);
  });

  it('When the OpenAPI document lists the API, then every documented operation is in this table', () => {
    const doc = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const listed = new Set(routes.map((r) => key(r.method, r.url)));
    const documented = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/docs'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => key(m.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'))))
      .filter((operation) => !operation.startsWith('HEAD '));
    expect(documented.filter((operation) => !listed.has(operation))).toEqual([]);
    expect(documented.length).toBeGreaterThan(50);
  });

  it('When a route is registered, then it names a policy', () => {
    const untagged = registered().filter((r) => r.policy === undefined);
    expect(untagged.map((r) => key(r.method, r.url))).toEqual([]);
  });

  it('When the socket events are listed, then each names its policy', () => {
    expect(SOCKET_EVENT_POLICIES).toEqual(socketEvents);
  });

  const guarded = routes.filter((r) => r.policy !== 'visitor');
  it.each(guarded.map((r) => [key(r.method, r.url), r] as const))(
    'When a visitor calls %s, then it is 401 (or hidden as 404 where the policy admits some visitors)',
    async (_name, row) => {
      const req = row.request?.(ids) ?? {};
      const res = await ctx.request({
        method: row.method as 'GET',
        url: (req.url ?? row.url).replace(/:\w+/g, String(NO_ID)),
        payload: req.payload ?? (row.method === 'GET' || row.method === 'DELETE' ? undefined : { data: {} }),
        ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
      });
      expect(res.statusCode, res.body).toBe(row.visitorStatus ?? 401);
    },
  );

  const excluding = routes.filter((r) => r.excluded);
  it.each(excluding.map((r) => [key(r.method, r.url), r] as const))(
    'When a caller the policy excludes calls %s, then it is refused',
    async (_name, row) => {
      const req = row.request?.(ids) ?? {};
      const res = await ctx.request({
        method: row.method as 'GET',
        url: (req.url ?? row.url).replace(/:\w+/g, String(NO_ID)),
        payload: req.payload ?? (row.method === 'GET' || row.method === 'DELETE' ? undefined : { data: {} }),
        token: actors[row.excluded!.as].token,
      });
      expect(res.statusCode, res.body).toBe(row.excluded!.status);
    },
  );
});
