import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, latestMailTo, nextIp } from '../../../test/support/account-fixtures';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The 'Sitzungen' page (decision 0028): own sessions only; a signed-out session answers 401 at once. */
describe('sessions', () => {
  let ctx: TestContext;
  let clock = new Date('2026-11-26T09:00:00.000Z');

  beforeAll(async () => {
    ctx = await createTestContext({ now: () => clock });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const signIn = async (email: string, password: string, userAgent: string, ip: string, deviceId?: string) => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: email, password, ...(deviceId ? { deviceId } : {}) },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().jwt as string;
  };
  const me = (token: string) => ctx.request({ method: 'GET', url: '/api/users/me', token });
  const list = async (token: string) =>
    (await ctx.request({ method: 'GET', url: '/api/sessions', token })).json().data as Array<{
      id: string;
      device: string;
      place: string;
      current: boolean;
      lastUsedAt: string;
    }>;

  it('When an account is signed in on two devices, then the page lists both with device, network and the current one marked', async () => {
    const account = await createAccount(ctx, 'company', 'Zwei Geräte GmbH');
    const phone = await signIn(account.email, account.password, SAFARI_IPHONE, '198.51.100.23');
    const sessions = await list(phone);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ device: 'Safari 17 auf iOS (iPhone)', place: '198.51.100.0/24' });
    expect(sessions).toHaveLength(2);
    expect(JSON.stringify(sessions)).not.toContain('198.51.100.23');
  });

  it('When one session is signed out, then its token answers 401 on its next request (even right after a cached request) and the other goes on', async () => {
    const account = await createAccount(ctx, 'consultant', 'Abmelde Beraterin');
    const laptop = await signIn(account.email, account.password, CHROME_WINDOWS, nextIp());
    expect((await me(account.jwt)).statusCode).toBe(200);
    expect((await me(account.jwt)).statusCode).toBe(200);
    const victim = (await list(laptop)).find((s) => !s.current)!;
    const res = await ctx.request({ method: 'DELETE', url: `/api/sessions/${victim.id}`, token: laptop });
    expect(res.statusCode).toBe(200);
    expect((await me(account.jwt)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
  });

  it('When someone names another account’s session id, then it is 404 and that session keeps working', async () => {
    const owner = await createAccount(ctx, 'company', 'Besitzer KG');
    const intruder = await createAccount(ctx, 'company', 'Eindringling KG');
    const [ownerSession] = await list(owner.jwt);
    const res = await ctx.request({ method: 'DELETE', url: `/api/sessions/${ownerSession!.id}`, token: intruder.jwt });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(TWO_FACTOR_MSG.sessionGone);
    expect((await me(owner.jwt)).statusCode).toBe(200);
    expect((await list(intruder.jwt)).map((s) => s.id)).not.toContain(ownerSession!.id);
  });

  it('When the user signs out here or everywhere, then the tokens answer 401', async () => {
    const account = await createAccount(ctx, 'company', 'Ueberall Ab GmbH');
    const second = await signIn(account.email, account.password, CHROME_WINDOWS, nextIp());
    const third = await signIn(account.email, account.password, SAFARI_IPHONE, nextIp());
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token: third })).statusCode).toBe(200);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    const all = await ctx.request({ method: 'POST', url: '/api/sessions/logout-all', token: second });
    expect(all.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(account.jwt)).statusCode).toBe(401);
  });

  it('When a session is used, then its last use is written at most every 5 minutes', async () => {
    const account = await createAccount(ctx, 'consultant', 'Zuletzt Genutzt');
    const lastUse = async () =>
      (
        await ctx.database.query<{ last_used_at: Date }>('SELECT last_used_at FROM user_sessions WHERE user_id = $1', [
          account.id,
        ])
      )[0]!.last_used_at.toISOString();
    const start = await lastUse();
    clock = new Date(clock.getTime() + 60_000);
    await me(account.jwt);
    expect(await lastUse()).toBe(start);
    clock = new Date(clock.getTime() + 5 * 60_000);
    await me(account.jwt);
    expect(await lastUse()).toBe(clock.toISOString());
    const written = clock.toISOString();
    clock = new Date(clock.getTime() + 30_000);
    await me(account.jwt);
    expect(await lastUse()).toBe(written);
  });

  it('When an account signs in on a device it has not used before, then the owner gets a German mail; a known device sends none', async () => {
    const account = await createAccount(ctx, 'company', 'Neues Gerät GmbH');
    const deviceId = 'geraet-0123456789abcdef';
    await signIn(account.email, account.password, CHROME_WINDOWS, '203.0.113.5', deviceId);
    const mail = await latestMailTo(ctx, account.email, /neuen Gerät/);
    expect(mail.subject).toBe('Neue Anmeldung bei der Prämienbörse');
    expect(mail.text).toContain('Chrome 131 auf Windows');
    expect(mail.text).toContain('203.0.113.0/24');
    const before = ctx.smtp.messages.filter((m) => m.to.includes(account.email)).length;
    // The same browser from another network (its device id is known): no mail.
    await signIn(account.email, account.password, CHROME_WINDOWS, '192.0.2.77', deviceId);
    await ctx.deliverMail();
    expect(ctx.smtp.messages.filter((m) => m.to.includes(account.email)).length).toBe(before);
  });
});
