import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, login, nextIp } from '../../../test/support/account-fixtures';
import {
  enrolTotp,
  passwordStep,
  registerPasskey,
  stepUpAssertion,
  totpAccount,
  totpCode,
} from '../../../test/support/two-factor-fixtures';

/**
 * Changing the second factors (decision 0028), from the side of someone holding a stolen session
 * (and even the password): once an account has a second factor, no change of the factors goes
 * through without proving it afresh; and the first factor set up ends every other session.
 */
/** The WebAuthn challenge of the sign-in's second step (what a passkey signs to sign in). */
async function signInPasskeyChallenge(ctx: TestContext, signIn: string): Promise<string> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/auth/second-factor/passkey-options',
    payload: { challenge: signIn },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options.challenge as string;
}

describe('changing the second factors needs the second factor', () => {
  let ctx: TestContext;
  let clock = new Date('2026-11-27T09:00:00.000Z');
  const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  beforeAll(async () => {
    ctx = await createTestContext({ now: () => clock });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
    ctx.request({ method: 'POST', url, token, payload, remoteAddress: nextIp() });
  it('When a stolen session with the password tries to turn the app off, renew the codes or add a factor, then it is refused in German until a fresh code comes with it', async () => {
    const account = await totpAccount(ctx, 'Gestohlene Sitzung GmbH', clock);
    tick(60);
    for (const url of [
      '/api/two-factor/totp/disable',
      '/api/two-factor/recovery-codes',
      '/api/two-factor/passkeys/options',
      '/api/two-factor/totp/setup',
    ]) {
      const bare = await post(url, account.jwt, { password: account.password });
      expect(bare.statusCode, url).toBe(403);
      expect(bare.json().error.message).toBe(TWO_FACTOR_MSG.proofRequired);
      const guessed = await post(url, account.jwt, { password: account.password, code: '000000' });
      expect(guessed.statusCode, url).toBe(400);
      expect(guessed.json().error.message).toBe(TWO_FACTOR_MSG.codeInvalid);
    }
    // Still on: the password alone does not sign in.
    await passwordStep(ctx, account);
    const withCode = await post('/api/two-factor/totp/disable', account.jwt, {
      password: account.password,
      code: totpCode(account.secret, clock),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect((await login(ctx, account.email, account.password)).json().jwt).toEqual(expect.any(String));
  });

  it('When the owner proves the factor with a recovery code, then the change goes through once and the code is spent', async () => {
    const account = await totpAccount(ctx, 'Wiederherstellung Bau', clock);
    const [code] = account.recoveryCodes as [string];
    const renewed = await post('/api/two-factor/recovery-codes', account.jwt, { password: account.password, code });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const again = await post('/api/two-factor/recovery-codes', account.jwt, { password: account.password, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(TWO_FACTOR_MSG.codeInvalid);
  });

  it('When a passkey is removed, then only an assertion over a confirmation challenge of this account proves the factor, once', async () => {
    const account = await createAccount(ctx, 'consultant', 'Passkey Entfernen');
    const authenticator = await registerPasskey(ctx, account);
    const status = await ctx.request({ method: 'GET', url: '/api/two-factor', token: account.jwt });
    const id = status.json().passkeys[0].id as number;
    const remove = (proof: Record<string, unknown>) =>
      post(`/api/two-factor/passkeys/${id}/remove`, account.jwt, { password: account.password, ...proof });

    expect((await remove({})).statusCode).toBe(403);
    const invented = await remove({ passkey: authenticator.assert('c2VsYnN0LWVyZnVuZGVu') });
    expect(invented.statusCode).toBe(400);
    expect(invented.json().error.message).toBe(TWO_FACTOR_MSG.passkeyFailed);
    // A sign-in challenge's assertion is no confirmation of a change.
    const signIn = await passwordStep(ctx, account);
    const signInAssertion = authenticator.assert(await signInPasskeyChallenge(ctx, signIn));
    expect((await remove({ passkey: signInAssertion })).statusCode).toBe(400);

    const proof = await stepUpAssertion(ctx, account.jwt, authenticator);
    expect((await remove({ passkey: proof })).statusCode).toBe(200);
    expect((await remove({ passkey: proof })).statusCode, 'the assertion is used up').not.toBe(200);
  });

  it('When someone without the factor guesses codes on the change routes, then the account answers 429 after 10 changes in 10 minutes from any addresses', async () => {
    const account = await totpAccount(ctx, 'Rate Aenderung', clock);
    tick(60);
    const disable = (code: string) =>
      post('/api/two-factor/totp/disable', account.jwt, { password: account.password, code });
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await disable('123456')).statusCode);
    // The enrolment's set-up was this account's first change: nine guesses, then the limit.
    expect(answers).toEqual([...Array<number>(9).fill(400), 429]);
    expect((await disable(totpCode(account.secret, clock))).statusCode, 'even the right code waits').toBe(429);
  });
});

describe('the first second factor ends every other session', () => {
  let ctx: TestContext;
  const clock = new Date('2026-11-27T11:00:00.000Z');

  beforeAll(async () => {
    ctx = await createTestContext({ now: () => clock });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const me = (token: string) => ctx.request({ method: 'GET', url: '/api/users/me', token });

  it('When the owner enrols the authenticator app, then a session someone else opened with the password ends and this one goes on', async () => {
    const account = await createAccount(ctx, 'company', 'Erster Faktor KG');
    const stolen = (await login(ctx, account.email, account.password)).json().jwt as string;
    expect((await me(stolen)).statusCode).toBe(200);
    await enrolTotp(ctx, account, clock);
    expect((await me(stolen)).statusCode).toBe(401);
    expect((await me(account.jwt)).statusCode).toBe(200);
  });

  it('When the first factor is a passkey, then other sessions end too; a further factor leaves sessions alone', async () => {
    const account = await createAccount(ctx, 'consultant', 'Erster Passkey');
    const other = (await login(ctx, account.email, account.password)).json().jwt as string;
    const authenticator = await registerPasskey(ctx, account, {}, 'Erster');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(account.jwt)).statusCode).toBe(200);

    // A second sign-in (with the passkey), then a further factor: that session stays.
    const signIn = await passwordStep(ctx, account);
    const second = await ctx.request({
      method: 'POST',
      url: '/api/auth/second-factor/passkey',
      payload: {
        challenge: signIn,
        credential: authenticator.assert(await signInPasskeyChallenge(ctx, signIn)),
      },
      remoteAddress: nextIp(),
    });
    const secondJwt = second.json().jwt as string;
    const setup = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/totp/setup',
      token: account.jwt,
      payload: {
        password: account.password,
        passkey: await stepUpAssertion(ctx, account.jwt, authenticator),
      },
      remoteAddress: nextIp(),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const confirm = await ctx.request({
      method: 'POST',
      url: '/api/two-factor/totp/confirm',
      token: account.jwt,
      payload: { code: totpCode(setup.json().secret as string, clock) },
      remoteAddress: nextIp(),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await me(secondJwt)).statusCode).toBe(200);
  });
});
