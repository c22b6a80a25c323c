import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  confirmationPath,
  createAccount,
  latestMailTo,
  login,
  nextIp,
  register,
  resetCode,
} from '../../../test/support/account-fixtures';

/**
 * Accounts: forgot, reset and change password, and how many reset and confirmation mails one address
 * gets (each describe its own test context, on a clock it moves ahead).
 */

describe('forgot, reset and change password', () => {
  let ctx: TestContext;
  /** The app's clock runs ahead by this much (reset mails to one address wait 5 minutes). */
  let aheadMs = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ now: () => new Date(Date.now() + aheadMs) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a known and an unknown address ask for a reset, then both get the same answer, and the mails differ', async () => {
    const account = await createAccount(ctx, 'consultant', 'Vergesslich');
    const known = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
      remoteAddress: nextIp(),
    });
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'keiner@example.at' },
      remoteAddress: nextIp(),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true });
    expect(unknown.json()).toEqual(known.json());
    const resetMail = await latestMailTo(ctx, account.email, /reset-password/);
    expect(resetMail.text).toContain('/reset-password/');
    const unknownMail = await latestMailTo(ctx, 'keiner@example.at');
    expect(unknownMail.text).toContain(MSG.forgotUnknownEmail);
    expect(unknownMail.text).toContain('http://localhost:3000/register');
    expect(unknownMail.text).not.toContain('/reset-password/');
    const invalid = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'kaputt' },
      remoteAddress: nextIp(),
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('When the mailed code resets the password, then the old password and old tokens stop working and the code cannot be reused', async () => {
    const account = await createAccount(ctx, 'company', 'Reset GmbH');
    await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
      remoteAddress: nextIp(),
    });
    const code = resetCode((await latestMailTo(ctx, account.email, /reset-password/)).text);

    const mismatch = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'neuesPasswort', passwordConfirmation: 'anderes' },
      remoteAddress: nextIp(),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(MSG.resetPasswordsDiffer);

    const ok = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'neuesPasswort', passwordConfirmation: 'neuesPasswort' },
      remoteAddress: nextIp(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(account.id);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: ok.json().jwt })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: account.jwt })).statusCode).toBe(401);
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(400);
    expect((await login(ctx, account.email, 'neuesPasswort')).statusCode).toBe(200);

    const reuse = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'drittesPasswort', passwordConfirmation: 'drittesPasswort' },
      remoteAddress: nextIp(),
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe(ACCOUNT_MSG.linkInvalid);
    expect((await login(ctx, account.email, 'neuesPasswort')).statusCode).toBe(200);
  });

  it('When a newer reset code is requested or the code expired, then the older or expired code is refused', async () => {
    const account = await createAccount(ctx, 'consultant', 'Zweimal');
    await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
      remoteAddress: nextIp(),
    });
    const first = resetCode((await latestMailTo(ctx, account.email, /reset-password/)).text);
    aheadMs += 6 * 60_000;
    await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
      remoteAddress: nextIp(),
    });
    const second = resetCode((await latestMailTo(ctx, account.email, /reset-password/)).text);
    expect(second).not.toBe(first);
    const payload = (code: string) => ({ code, password: 'abcdefg', passwordConfirmation: 'abcdefg' });
    const old = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: payload(first),
      remoteAddress: nextIp(),
    });
    expect(old.json().error.message).toBe(ACCOUNT_MSG.linkInvalid);
    await ctx.database.query(
      `UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'password_reset'`,
      [account.id],
    );
    const expired = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: payload(second),
      remoteAddress: nextIp(),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(ACCOUNT_MSG.linkInvalid);
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(200);
    for (const bad of [
      { code: 'x' },
      { code: 5, password: 'abcdefg', passwordConfirmation: 'abcdefg' },
      { ...payload('x'), extra: 1 },
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: bad,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('When an unconfirmed user resets the password, then the account is confirmed too', async () => {
    const account = await register(ctx, 'consultant', 'Unbestaetigt');
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
      payload: { code, password: 'neu1234', passwordConfirmation: 'neu1234' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.confirmed).toBe(true);
  });

  it('When the password is changed, then the old token answers 401 and the new token and password work', async () => {
    const account = await createAccount(ctx, 'consultant', 'Wechsler');
    const failures = [
      { currentPassword: 'falsch99', password: 'neues123', passwordConfirmation: 'neues123' },
      { currentPassword: account.password, password: 'neues123', passwordConfirmation: 'anders12' },
      { currentPassword: account.password, password: '123', passwordConfirmation: '123' },
    ];
    for (const payload of failures) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/change-password',
        payload,
        token: account.jwt,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(MSG.passwordChangeFailed);
    }
    const anonymous = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: account.password, password: 'neues123', passwordConfirmation: 'neues123' },
      remoteAddress: nextIp(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(200);

    const ok = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: account.password, password: 'neues123', passwordConfirmation: 'neues123' },
      token: account.jwt,
      remoteAddress: nextIp(),
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().jwt as string;
    expect(fresh).not.toBe(account.jwt);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: account.jwt })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: fresh })).statusCode).toBe(200);
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(400);
    expect((await login(ctx, account.email, 'neues123')).statusCode).toBe(200);
  });
});

describe('reset and confirmation mails per address', () => {
  let ctx: TestContext;
  /** The app's clock runs ahead by this much. */
  let aheadMs = 0;
  const minutes = (n: number) => n * 60_000;
  beforeAll(async () => {
    ctx = await createTestContext({ now: () => new Date(Date.now() + aheadMs) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** n requests for one address, each from a new IP (a stranger with many addresses); all answers. */
  const ask = async (url: string, email: string, n: number) => {
    const answers: Array<{ status: number; body: unknown }> = [];
    for (let i = 0; i < n; i++) {
      const res = await ctx.request({ method: 'POST', url, payload: { email }, remoteAddress: nextIp() });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    return answers;
  };
  const mailsTo = async (email: string, match: RegExp) => {
    await ctx.deliverMail();
    return ctx.smtp.messages.filter((m) => m.to.includes(email) && match.test(m.text)).length;
  };

  it('When strangers ask for resets of one address from many IPs, then every answer is the same 200 and the mailbox gets at most one mail per 5 minutes and 3 an hour', async () => {
    const account = await createAccount(ctx, 'consultant', 'Flut Ziel');
    const unknown = 'niemand-flut@example.at';
    const answers = [
      ...(await ask('/api/auth/forgot-password', account.email, 8)),
      ...(await ask('/api/auth/forgot-password', unknown, 8)),
    ];
    expect(answers.every((a) => a.status === 200 && JSON.stringify(a.body) === '{"ok":true}')).toBe(true);
    expect(await mailsTo(account.email, /reset-password/)).toBe(1);
    expect(await mailsTo(unknown, new RegExp(MSG.forgotUnknownEmail))).toBe(1);
    aheadMs += minutes(4);
    await ask('/api/auth/forgot-password', account.email, 2);
    expect(await mailsTo(account.email, /reset-password/)).toBe(1);
    aheadMs += minutes(2); // 6 minutes after the first mail
    await ask('/api/auth/forgot-password', account.email, 2);
    expect(await mailsTo(account.email, /reset-password/)).toBe(2);
    aheadMs += minutes(6);
    await ask('/api/auth/forgot-password', account.email, 2);
    expect(await mailsTo(account.email, /reset-password/)).toBe(3);
    aheadMs += minutes(6); // 18 minutes: 3 mails this hour are the budget
    await ask('/api/auth/forgot-password', account.email, 2);
    expect(await mailsTo(account.email, /reset-password/)).toBe(3);
    aheadMs += minutes(43); // 61 minutes after the first mail: a new hour
    await ask('/api/auth/forgot-password', account.email, 2);
    expect(await mailsTo(account.email, /reset-password/)).toBe(4);
    aheadMs += minutes(61);
  });

  it('When strangers have used up the mails of an address, then its owner still gets the same answer and the last mailed link resets the password', async () => {
    const account = await createAccount(ctx, 'company', 'Flut Eigentuemer');
    for (const step of [0, 6, 6]) {
      aheadMs += minutes(step);
      await ask('/api/auth/forgot-password', account.email, 8);
      // Delivered one by one: mails delivered together may arrive in any order.
      await ctx.deliverMail();
    }
    aheadMs += minutes(8);
    const own = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
      remoteAddress: '10.7.7.7',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ ok: true });
    const code = resetCode((await latestMailTo(ctx, account.email, /reset-password/)).text);
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'eigenes123', passwordConfirmation: 'eigenes123' },
      remoteAddress: '10.7.7.7',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(ctx, account.email, 'eigenes123')).statusCode).toBe(200);
    aheadMs += minutes(61);
  });

  it('When strangers ask for the confirmation mail of one address from many IPs, then every answer is the same and at most one mail per 5 minutes goes out', async () => {
    const pending = await register(ctx, 'consultant', 'Flut Bestaetigung');
    await latestMailTo(ctx, pending.email, /email-confirmation/);
    const before = await mailsTo(pending.email, /email-confirmation/);
    const answers = await ask('/api/auth/send-email-confirmation', pending.email, 8);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.map((a) => a.body)).toEqual(Array(8).fill({ email: pending.email, sent: true }));
    expect(await mailsTo(pending.email, /email-confirmation/)).toBe(before + 1);
    aheadMs += minutes(6);
    await ask('/api/auth/send-email-confirmation', pending.email, 3);
    expect(await mailsTo(pending.email, /email-confirmation/)).toBe(before + 2);
    // The newest link confirms the account.
    const link = await latestMailTo(ctx, pending.email, /email-confirmation/);
    const follow = await ctx.request({ method: 'GET', url: confirmationPath(link.text), remoteAddress: nextIp() });
    expect(follow.headers.location).toContain('confirmed=1');
  });
});
