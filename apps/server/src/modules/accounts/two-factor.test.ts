import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TWO_FACTOR_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createUser } from '../../../test/factories';
import { createAccount, latestMailTo, login, nextIp, resetCode } from '../../../test/support/account-fixtures';
import { sessionToken } from '../../../test/support/sessions';
import { enrolTotp, passwordStep, secondStep, totpAccount, totpCode } from '../../../test/support/two-factor-fixtures';
import { hashPassword } from '../../lib/passwords';

/**
 * Two-factor sign-in (decision 0028), from the attacker's side: someone who has the password,
 * a used code, a used recovery code, or endless tries must still not get a session.
 */
describe('two-factor sign-in with the authenticator app', () => {
  let ctx: TestContext;
  // The app's clock: codes are computed for the same moment the server checks them.
  let clock = new Date('2026-11-26T10:00:00.000Z');
  const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  beforeAll(async () => {
    ctx = await createTestContext({ now: () => clock });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When an account has the authenticator app, then the password alone answers a challenge and no token, and the challenge is no bearer token', async () => {
    const account = await totpAccount(ctx, 'Zweifaktor Bau', clock);
    tick(60);
    const res = await login(ctx, account.email, account.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jwt).toBeUndefined();
    expect(body.user).toBeUndefined();
    expect(body.secondFactor.methods).toEqual(['totp', 'recovery']);
    const asBearer = await ctx.request({ method: 'GET', url: '/api/users/me', token: body.secondFactor.challenge });
    expect(asBearer.statusCode).toBe(401);

    const signedIn = await secondStep(ctx, body.secondFactor.challenge, totpCode(account.secret, clock));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: signedIn.json().jwt })).statusCode).toBe(
      200,
    );
  });

  it('When a TOTP code was used, then the same code is refused again in its window (replay), also for a fresh challenge', async () => {
    const account = await totpAccount(ctx, 'Replay Handel', clock);
    tick(60);
    const code = totpCode(account.secret, clock);
    expect((await secondStep(ctx, await passwordStep(ctx, account), code)).statusCode).toBe(200);
    const replay = await secondStep(ctx, await passwordStep(ctx, account), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(TWO_FACTOR_MSG.codeInvalid);
    // The enrolment's own code cannot sign in either (its step was remembered).
    tick(30);
    expect((await secondStep(ctx, await passwordStep(ctx, account), totpCode(account.secret, clock))).statusCode).toBe(
      200,
    );
  });

  it('When two requests race with the same code, then only one gets a session', async () => {
    const account = await totpAccount(ctx, 'Wettlauf KG', clock);
    tick(60);
    const code = totpCode(account.secret, clock);
    const [a, b] = await Promise.all([passwordStep(ctx, account), passwordStep(ctx, account)]);
    const answers = await Promise.all([secondStep(ctx, a, code), secondStep(ctx, b, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('When a challenge is used or has expired, then it opens no second session', async () => {
    const account = await totpAccount(ctx, 'Einmal OG', clock);
    tick(60);
    const challenge = await passwordStep(ctx, account);
    expect((await secondStep(ctx, challenge, totpCode(account.secret, clock))).statusCode).toBe(200);
    tick(30);
    const again = await secondStep(ctx, challenge, totpCode(account.secret, clock));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(TWO_FACTOR_MSG.challengeInvalid);
    const late = await passwordStep(ctx, account);
    tick(6 * 60);
    expect((await secondStep(ctx, late, totpCode(account.secret, clock))).json().error.message).toBe(
      TWO_FACTOR_MSG.challengeInvalid,
    );
  });

  it('When someone guesses codes, then a challenge dies after 5 tries and the account answers 429 after 10 tries in 10 minutes from any IPs', async () => {
    const account = await totpAccount(ctx, 'Rate Versuch', clock);
    tick(60);
    const challenge = await passwordStep(ctx, account);
    for (let i = 0; i < 5; i += 1) {
      expect((await secondStep(ctx, challenge, '000000')).json().error.message).toBe(TWO_FACTOR_MSG.codeInvalid);
    }
    // Even the right code no longer helps this challenge.
    const dead = await secondStep(ctx, challenge, totpCode(account.secret, clock));
    expect(dead.json().error.message).toBe(TWO_FACTOR_MSG.challengeInvalid);
    const second = await passwordStep(ctx, account);
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await secondStep(ctx, second, '111111')).statusCode);
    expect(answers.at(-1)).toBe(429);
  });

  it('When a recovery code is used, then it signs in once and never again; new codes replace the old ones', async () => {
    const account = await totpAccount(ctx, 'Wiederherstellung', clock);
    expect(account.recoveryCodes).toHaveLength(10);
    const [first, second, third] = account.recoveryCodes as [string, string, string];
    const used = await secondStep(ctx, await passwordStep(ctx, account), first.toLowerCase());
    expect(used.statusCode, used.body).toBe(200);
    expect((await secondStep(ctx, await passwordStep(ctx, account), first)).statusCode).toBe(400);
    // Stored as keyed hashes, never in clear.
    const stored = await ctx.database.query<{ code_hash: string }>(
      'SELECT code_hash FROM user_recovery_codes WHERE user_id = $1',
      [account.id],
    );
    expect(stored.map((r) => r.code_hash)).not.toContain(second);
    const renewed = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/recovery-codes',
      token: used.json().jwt,
      // A change of the factors needs a fresh proof too (here another recovery code).
      payload: { password: account.password, code: third },
      remoteAddress: nextIp(),
    });
    expect(renewed.statusCode).toBe(200);
    expect((await secondStep(ctx, await passwordStep(ctx, account), second)).statusCode).toBe(400);
    const fresh = renewed.json().recoveryCodes[0] as string;
    expect((await secondStep(ctx, await passwordStep(ctx, account), fresh)).statusCode).toBe(200);
  });

  it('When the app is set up, then only a valid code enables it, the secret is stored sealed and never answered again', async () => {
    const account = await createAccount(ctx, 'consultant', 'Geheim Beraterin');
    const setup = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/totp/setup',
      token: account.jwt,
      payload: { password: account.password },
      remoteAddress: nextIp(),
    });
    const { secret, otpauthUri, qrSvg } = setup.json();
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/totp/confirm',
      token: account.jwt,
      payload: { code: '123456' },
      remoteAddress: nextIp(),
    });
    expect(wrong.statusCode).toBe(400);
    // Not enabled yet: the password alone still signs in.
    expect((await login(ctx, account.email, account.password)).json().jwt).toBeDefined();
    const [row] = await ctx.database.query<{ secret_encrypted: string }>(
      'SELECT secret_encrypted FROM user_totp WHERE user_id = $1',
      [account.id],
    );
    expect(row!.secret_encrypted).not.toContain(secret);
    // The pending secret is replaced by a new setup; enrol with that one.
    const enrolled = await enrolTotp(ctx, account, clock);
    const status = await ctx.request({ method: 'GET', url: '/api/two-factor', token: account.jwt });
    expect(status.json()).toMatchObject({ enabled: true, totp: { enabled: true } });
    expect(status.body).not.toContain(secret.slice(0, 16));
    tick(30);
    const again = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/totp/setup',
      token: account.jwt,
      payload: { password: account.password, code: totpCode(enrolled.secret, clock) },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(409);
  });

  it('When someone with a signed-in session but not the password tries to set up or turn off the app, then it is refused; the owner needs password and code', async () => {
    const account = await totpAccount(ctx, 'Sitzungsdieb', clock);
    for (const url of [
      '/api/two-factor/totp/disable',
      '/api/two-factor/recovery-codes',
      '/api/two-factor/totp/setup',
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url,
        token: account.jwt,
        payload: { password: 'falsch-falsch' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe(TWO_FACTOR_MSG.passwordWrong);
    }
    tick(30);
    const off = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/totp/disable',
      token: account.jwt,
      payload: { password: account.password, code: totpCode(account.secret, clock) },
      remoteAddress: nextIp(),
    });
    expect(off.statusCode).toBe(200);
    expect((await login(ctx, account.email, account.password)).json().jwt).toBeDefined();
  });

  it('When a password is reset by mail for an account with a second factor, then the link answers a challenge, not a session', async () => {
    const account = await totpAccount(ctx, 'Postfach Dieb', clock);
    await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
      remoteAddress: nextIp(),
    });
    const code = resetCode((await latestMailTo(ctx, account.email, /reset-password/)).text);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'neues-passwort', passwordConfirmation: 'neues-passwort' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().jwt).toBeUndefined();
    expect(res.json().secondFactor.challenge).toEqual(expect.any(String));
  });

  it('When the account is blocked between the password and the code, then no session opens', async () => {
    const account = await totpAccount(ctx, 'Gesperrt GmbH', clock);
    tick(60);
    const challenge = await passwordStep(ctx, account);
    await ctx.database.query('UPDATE users SET blocked = true WHERE id = $1', [account.id]);
    const res = await secondStep(ctx, challenge, totpCode(account.secret, clock));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.loginBlocked);
  });
});

describe('back-office admins must use a second factor', () => {
  let ctx: TestContext;
  let clock = new Date('2026-11-26T12:00:00.000Z');

  beforeAll(async () => {
    ctx = await createTestContext({ now: () => clock });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When an admin without a second factor signs in, then the back office answers 403 until one is set up, and the last one cannot be removed', async () => {
    const password = 'admin-passwort-2026';
    const [row] = await ctx.database.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, role, confirmed) VALUES ('Chefin', 'chefin@example.test', $1, 'admin', true) RETURNING id`,
      [await hashPassword(password)],
    );
    const signIn = await login(ctx, 'chefin@example.test', password);
    const jwt = signIn.json().jwt as string;
    const office = await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: jwt });
    expect(office.statusCode).toBe(403);
    expect(office.json().error).toMatchObject({ name: 'SecondFactorRequired', message: TWO_FACTOR_MSG.adminMustEnrol });
    // Every admin power elsewhere too (the guard is the sign-in check, not one route's).
    expect((await ctx.request({ method: 'GET', url: '/api/admin/users', token: jwt })).statusCode).toBe(403);
    const status = await ctx.request({ method: 'GET', url: '/api/two-factor', token: jwt });
    expect(status.json()).toMatchObject({ enabled: false, required: true, sessionVerified: false });

    const admin = await enrolTotp(
      ctx,
      { id: row!.id, jwt, username: 'Chefin', email: 'chefin@example.test', password },
      clock,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: jwt })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 30_000);
    const off = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/totp/disable',
      token: jwt,
      payload: { password, code: totpCode(admin.secret, clock) },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.message).toBe(TWO_FACTOR_MSG.requiredForAdmins);
    // The password alone now gives a challenge; an old password-only session of the admin stays out of the back office.
    clock = new Date(clock.getTime() + 60_000);
    const challenge = await passwordStep(ctx, admin);
    const withCode = await secondStep(ctx, challenge, totpCode(admin.secret, clock));
    expect(
      (await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: withCode.json().jwt })).statusCode,
    ).toBe(200);
    const passwordOnly = await sessionToken(ctx.database, ctx.app.jwt, row!.id, { secondFactor: false });
    expect((await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token: passwordOnly })).statusCode).toBe(
      403,
    );
  });

  it('When a company or consultant has no second factor, then nothing changes for them (spec §7 login answer)', async () => {
    const company = await createUser(ctx, { role: 'company' });
    expect((await ctx.request({ method: 'GET', url: '/api/two-factor', token: company.token })).json()).toMatchObject({
      enabled: false,
      required: false,
    });
  });
});
