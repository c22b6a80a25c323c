import { afterAll, beforeAll, expect } from 'vitest';
import type { ChatConversation } from '@pb/core';
import { createTestContext, type TestContext } from '../helpers';
import { createChatUser, createJob, type ChatUser } from './chat-fixtures';

/**
 * The chat's suite (src/modules/chat/chat-*.test.ts). Each file calls chatSuite(now) once at its
 * top level with its clock: it registers the file's beforeAll (a test context, two consultants, two
 * companies, an admin and three advertisements) and afterAll, and returns them with the helpers.
 * The context, the users and the advertisements are filled in place by beforeAll, so a file can take
 * them apart at its top; every file gets its own (the API projects share one module graph per
 * worker: nothing here is module state).
 */
export function chatSuite(now: () => Date) {
  const ctx = {} as TestContext;
  const consultant = {} as ChatUser;
  const otherConsultant = {} as ChatUser;
  const company = {} as ChatUser;
  const otherCompany = {} as ChatUser;
  const admin = {} as ChatUser;
  const jobA = {} as { id: number; jobTitle: string };
  const jobB = {} as { id: number; jobTitle: string };
  const jobOther = {} as { id: number; jobTitle: string };

  beforeAll(async () => {
    Object.assign(ctx, await createTestContext({ now }));
    Object.assign(consultant, await createChatUser(ctx.app, 'consultant', 'Anna Beraterin'));
    Object.assign(otherConsultant, await createChatUser(ctx.app, 'consultant', 'Bernd Berater'));
    Object.assign(company, await createChatUser(ctx.app, 'company', 'Muster Bau GmbH'));
    Object.assign(otherCompany, await createChatUser(ctx.app, 'company', 'Andere GmbH'));
    Object.assign(admin, await createChatUser(ctx.app, 'admin', 'Admin'));
    Object.assign(
      jobA,
      await createJob(ctx.app.db, company.id, {
        jobTitle: 'Bilanzbuchhalter/in mit Erfahrung in der Baubranche',
        bonus: 20,
      }),
    );
    Object.assign(jobB, await createJob(ctx.app.db, company.id, { jobTitle: 'Lagerleiter/in' }));
    Object.assign(jobOther, await createJob(ctx.app.db, otherCompany.id, { jobTitle: 'Kellner/in' }));
  });
  afterAll(async () => {
    await ctx.close?.();
  });

  const inbox = async (user: ChatUser) => {
    const res = await ctx.request({ method: 'GET', url: '/api/chat-communications', token: user.token });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ChatConversation[]; meta: { pagination: { total: number } } }>();
  };
  const flags = async (id: number) => {
    const [row] = await ctx.database.query<{ p1: boolean; p2: boolean; ts: Date }>(
      'SELECT unread_message_p1 AS p1, unread_message_p2 AS p2, last_message_timestamp AS ts FROM chat_communications WHERE id = $1',
      [id],
    );
    return row!;
  };
  const send = (user: ChatUser, id: number, message: string) =>
    ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${id}/messages`,
      token: user.token,
      payload: { message },
    });
  /** Starts (or reopens) a conversation: POST /chat-communications as `token`. */
  const contact = (token: string, payload: Record<string, unknown>) =>
    ctx.request({ method: 'POST', url: '/api/chat-communications', token, payload });
  const count = async (table: string) =>
    Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

  return {
    ctx,
    consultant,
    otherConsultant,
    company,
    otherCompany,
    admin,
    jobA,
    jobB,
    jobOther,
    inbox,
    flags,
    send,
    contact,
    count,
  };
}
