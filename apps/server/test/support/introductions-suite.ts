import { afterAll, beforeAll, expect } from 'vitest';
import type { Introduction, IntroductionDetail } from '@pb/core';
import { createTestContext, type TestContext } from '../helpers';
import { createChatUser, type ChatUser } from './chat-fixtures';
import { confirmCandidate, TEST_PROFILE } from './candidate-consent';

/**
 * The introductions register's suite (src/modules/introductions/introductions-*.test.ts): every
 * rule through the real API on PGlite (and PostgreSQL with TEST_DATABASE_URL).
 *
 * Each file calls introductionsSuite() once at its top level. It registers the file's beforeAll (a
 * test context on a clock the tests move, two companies, three consultants, an admin) and afterAll,
 * and returns them with the helpers. The context and the parties are filled in place by beforeAll,
 * so a file can take them apart at its top; every file gets its own (the API projects share one
 * module graph per worker: nothing here is module state).
 */
export function introductionsSuite() {
  let clock = new Date('2026-12-04T09:00:00Z'); // Friday 10:00 in Vienna
  const at = (iso: string) => {
    clock = new Date(iso);
  };

  const ctx = {} as TestContext;
  const company = {} as ChatUser;
  const otherCompany = {} as ChatUser;
  const consultant = {} as ChatUser;
  const second = {} as ChatUser;
  const third = {} as ChatUser;
  const admin = {} as ChatUser;

  beforeAll(async () => {
    // The per-IP write limits are not under test here (the suite writes well over a hundred introductions).
    Object.assign(ctx, await createTestContext({ now: () => clock, env: { RATE_LIMIT_FACTOR: '100' } }));
    Object.assign(company, await createChatUser(ctx.app, 'company', 'Alpenblick Hotels GmbH'));
    Object.assign(otherCompany, await createChatUser(ctx.app, 'company'));
    Object.assign(consultant, await createChatUser(ctx.app, 'consultant', 'Sabine Huber Personalberatung'));
    Object.assign(second, await createChatUser(ctx.app, 'consultant', 'Markus Gruber Recruiting'));
    Object.assign(third, await createChatUser(ctx.app, 'consultant'));
    Object.assign(admin, await createChatUser(ctx.app, 'admin'));
  });
  afterAll(async () => {
    await ctx.close?.();
  });

  let personCounter = 0;
  /** A fresh candidate (unique e-mail and phone) so the tests do not claim each other's people. */
  function person() {
    personCounter += 1;
    const n = String(personCounter).padStart(3, '0');
    return { firstName: 'Eva', lastName: `Muster${n}`, email: `eva.${n}@example.at`, phone: `+43 664 1000${n}` };
  }

  async function introduce(user: ChatUser, body: Record<string, unknown>) {
    return ctx.request({ method: 'POST', url: '/api/introductions', token: user.token, payload: body });
  }

  /**
   * A consultant introduces a fresh (or the given) candidate, who agrees at once unless `confirm` is
   * false; the answer is the introduction as the consultant saw it when created.
   */
  async function introduced(
    user: ChatUser,
    advertisement: number,
    candidate = person(),
    options: { confirm?: boolean } = {},
  ) {
    const res = await introduce(user, { advertisement, ...candidate, profile: TEST_PROFILE });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: Introduction; meta: { notice: string | null } }>();
    if (options.confirm !== false) await confirmCandidate(ctx, created.data.id);
    return created;
  }

  async function detail(user: ChatUser, id: number) {
    const res = await ctx.request({ method: 'GET', url: `/api/introductions/${id}`, token: user.token });
    return { status: res.statusCode, body: res.json<{ data: IntroductionDetail }>() };
  }

  async function move(user: ChatUser, id: number, status: string, reason?: string) {
    return ctx.request({
      method: 'POST',
      url: `/api/introductions/${id}/status`,
      token: user.token,
      payload: { data: reason === undefined ? { status } : { status, reason } },
    });
  }

  const count = async (table: string) =>
    (await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  async function mailsTo(address: string) {
    await ctx.deliverMail();
    return ctx.smtp.messages.filter((m) => m.to.includes(address));
  }

  return {
    ctx,
    company,
    otherCompany,
    consultant,
    second,
    third,
    admin,
    at,
    person,
    introduce,
    introduced,
    detail,
    move,
    count,
    mailsTo,
  };
}
