import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { passwordStep } from '../../../test/support/two-factor-fixtures';
import { SoftAuthenticator } from '../../../test/support/webauthn';

/**
 * Passkeys as a second factor (decision 0028), from the attacker's side: the WebAuthn challenge
 * is the server's, used once, bound to the account's sign-in, the origin and the relying party.
 * PUBLIC_URL of the tests is http://localhost:3000 (relying party 'localhost').
 */
describe('passkeys', () => {
  let ctx: TestContext;
  const ORIGIN = 'http://localhost:3000';

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, payload: unknown, token?: string) =>
    ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, token, remoteAddress: nextIp() });

  /** Registers a passkey of the account; answers the authenticator and the registration options' challenge. */
  async function withPasskey(account: TestAccount) {
    const authenticator = new SoftAuthenticator('localhost', ORIGIN);
    const options = await post('/api/two-factor/passkeys/options', { password: account.password }, account.jwt);
    expect(options.statusCode, options.body).toBe(200);
    const challenge = options.json().options.challenge as string;
    const created = await post(
      '/api/two-factor/passkeys',
      { name: 'Testschlüssel', credential: authenticator.register(challenge) },
      account.jwt,
    );
    expect(created.statusCode, created.body).toBe(200);
    return { authenticator, challenge };
  }

  async function passkeyOptions(signInChallenge: string): Promise<string> {
    const res = await post('/api/auth/second-factor/passkey-options', { challenge: signInChallenge });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().options.challenge as string;
  }

  it('When a passkey is registered, then the password step asks for it and its assertion signs in; the same assertion again is refused', async () => {
    const account = await createAccount(ctx, 'company', 'Passkey Bau GmbH');
    const { authenticator, challenge: registration } = await withPasskey(account);
    // The registration's challenge is used up: the same answer cannot register a second time.
    const again = await post(
      '/api/two-factor/passkeys',
      { name: 'Nochmal', credential: authenticator.register(registration) },
      account.jwt,
    );
    expect(again.statusCode).toBe(400);

    const signIn = await passwordStep(ctx, account);
    const assertion = authenticator.assert(await passkeyOptions(signIn));
    const ok = await post('/api/auth/second-factor/passkey', { challenge: signIn, credential: assertion });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().jwt).toEqual(expect.any(String));

    const replayed = await post('/api/auth/second-factor/passkey', { challenge: signIn, credential: assertion });
    expect(replayed.statusCode).toBe(400);
    const fresh = await passwordStep(ctx, account);
    await passkeyOptions(fresh);
    const onOtherChallenge = await post('/api/auth/second-factor/passkey', { challenge: fresh, credential: assertion });
    expect(onOtherChallenge.statusCode).toBe(400);
    expect(onOtherChallenge.json().error.message).toBe(TWO_FACTOR_MSG.passkeyFailed);
  });

  it('When an assertion comes from another origin, a challenge the server never issued, or another account’s passkey, then it is refused', async () => {
    const owner = await createAccount(ctx, 'consultant', 'Passkey Besitzerin');
    const intruder = await createAccount(ctx, 'consultant', 'Passkey Fremder');
    const { authenticator } = await withPasskey(owner);
    const { authenticator: intruderKey } = await withPasskey(intruder);

    const signIn = await passwordStep(ctx, owner);
    const issued = await passkeyOptions(signIn);
    const phishing = await post('/api/auth/second-factor/passkey', {
      challenge: signIn,
      credential: authenticator.assert(issued, 'https://praemienboerse.example.com'),
    });
    expect(phishing.statusCode).toBe(400);
    const invented = await post('/api/auth/second-factor/passkey', {
      challenge: signIn,
      credential: authenticator.assert('c2VsYnN0LWVyZnVuZGVu'),
    });
    expect(invented.statusCode).toBe(400);
    const foreign = await post('/api/auth/second-factor/passkey', {
      challenge: signIn,
      credential: intruderKey.assert(await passkeyOptions(signIn)),
    });
    expect(foreign.statusCode).toBe(400);
    // The owner's own passkey still works (a new password step: this one has used its tries).
    const next = await passwordStep(ctx, owner);
    const genuine = await post('/api/auth/second-factor/passkey', {
      challenge: next,
      credential: authenticator.assert(await passkeyOptions(next)),
    });
    expect(genuine.statusCode, genuine.body).toBe(200);
  });

  it('When someone with the session but not the password tries to add or remove a passkey, then it is refused', async () => {
    const account = await createAccount(ctx, 'company', 'Passkey Schutz KG');
    const { authenticator } = await withPasskey(account);
    const options = await post('/api/two-factor/passkeys/options', { password: 'falsch-falsch' }, account.jwt);
    expect(options.statusCode).toBe(400);
    const status = await ctx.request({ method: 'GET', url: '/api/two-factor', token: account.jwt });
    const id = status.json().passkeys[0].id as number;
    const remove = await post(`/api/two-factor/passkeys/${id}/remove`, { password: 'falsch-falsch' }, account.jwt);
    expect(remove.statusCode).toBe(400);
    // The owner proves the passkey itself (decision 0028: a change needs a fresh second factor).
    const stepUp = await post('/api/two-factor/step-up/passkey-options', {}, account.jwt);
    const removed = await post(
      `/api/two-factor/passkeys/${id}/remove`,
      { password: account.password, passkey: authenticator.assert(stepUp.json().options.challenge as string) },
      account.jwt,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    // No factor left: the recovery codes went with it, the password alone signs in again.
    expect((await ctx.request({ method: 'GET', url: '/api/two-factor', token: account.jwt })).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });
});
