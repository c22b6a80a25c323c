import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { TestContext } from '../helpers';
import { createAccount, login, nextIp, type TestAccount } from './account-fixtures';
import { SoftAuthenticator } from './webauthn';

/** Two-factor test helpers (decision 0028): an account with the authenticator app, codes at a time. */

/** The 6-digit code of the secret at that moment (as an authenticator app shows it). */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

export interface TotpAccount extends TestAccount {
  secret: string;
  recoveryCodes: string[];
}

/** Sets up and confirms the authenticator app for a signed-in account (the code of `at`). */
export async function enrolTotp(ctx: TestContext, account: TestAccount, at: Date): Promise<TotpAccount> {
  const setup = await ctx.request({
    method: 'POST',
    url: '/api/two-factor/totp/setup',
    token: account.jwt,
    payload: { password: account.password },
    remoteAddress: nextIp(),
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await ctx.request({
    method: 'POST',
    url: '/api/two-factor/totp/confirm',
    token: account.jwt,
    payload: { code: totpCode(secret, at) },
    remoteAddress: nextIp(),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...account, secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

/** A confirmed account with the authenticator app set up. */
export async function totpAccount(ctx: TestContext, name: string, at: Date): Promise<TotpAccount> {
  return enrolTotp(ctx, await createAccount(ctx, 'company', name), at);
}

/** The password step: answers the challenge (fails the test when a token came instead). */
export async function passwordStep(ctx: TestContext, account: { email: string; password: string }): Promise<string> {
  const res = await login(ctx, account.email, account.password);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().jwt).toBeUndefined();
  return res.json().secondFactor.challenge as string;
}

export function secondStep(ctx: TestContext, challenge: string, code: string, remoteAddress = nextIp()) {
  return ctx.request({ method: 'POST', url: '/api/auth/second-factor', payload: { challenge, code }, remoteAddress });
}

/**
 * Registers a passkey of a soft authenticator (relying party localhost) for the account; `proof`:
 * the second factor's proof when the account has one already (decision 0028).
 */
export async function registerPasskey(
  ctx: TestContext,
  account: { jwt: string; password: string },
  proof: Record<string, unknown> = {},
  name = 'Testschlüssel',
): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator('localhost', 'http://localhost:3000');
  const options = await ctx.request({
    method: 'POST',
    url: '/api/two-factor/passkeys/options',
    token: account.jwt,
    payload: { password: account.password, ...proof },
    remoteAddress: nextIp(),
  });
  expect(options.statusCode, options.body).toBe(200);
  const created = await ctx.request({
    method: 'POST',
    url: '/api/two-factor/passkeys',
    token: account.jwt,
    payload: { name, credential: authenticator.register(options.json().options.challenge as string) },
    remoteAddress: nextIp(),
  });
  expect(created.statusCode, created.body).toBe(200);
  return authenticator;
}

/** A passkey assertion over a fresh step-up challenge of the account: the proof for a change of the factors. */
export async function stepUpAssertion(ctx: TestContext, jwt: string, authenticator: SoftAuthenticator) {
  const options = await ctx.request({
    method: 'POST',
    url: '/api/two-factor/step-up/passkey-options',
    token: jwt,
    payload: {},
    remoteAddress: nextIp(),
  });
  expect(options.statusCode, options.body).toBe(200);
  return authenticator.assert(options.json().options.challenge as string);
}
