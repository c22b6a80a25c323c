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

const AUTH_USER_KEYS = [
  'blocked',
  'confirmed',
  'createdAt',
  'description',
  'email',
  'id',
  'last_login',
  'profile_img',
  'profile_img_id',
  'public',
  'role',
  'services',
  'username',
];

describe('registration, confirmation and login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When a company registers, then it gets an unconfirmed user, a hashed password and a German confirmation mail', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: {
        username: 'Huber Bau GmbH',
        email: 'Office@Huber.at',
        password: 'geheim123',
        description: 'Bau',
        role: 'company',
      },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jwt).toBeUndefined();
    expect(Object.keys(body.user).sort()).toEqual(AUTH_USER_KEYS);
    expect(body.user).toMatchObject({
      username: 'Huber Bau GmbH',
      email: 'office@huber.at',
      description: 'Bau',
      role: { type: 'company', name: 'Company' },
      confirmed: false,
      public: false,
      services: [],
      profile_img: null,
    });
    const [row] = await ctx.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      body.user.id,
    ]);
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain('geheim123');
    const mail = await latestMailTo(ctx, 'office@huber.at');
    expect(mail.subject).toContain('bestätigen');
    expect(mail.text).toContain('Hallo Huber Bau GmbH');
    const tokens = await ctx.database.query<{ token_hash: string; purpose: string }>(
      'SELECT token_hash, purpose FROM auth_tokens WHERE user_id = $1',
      [body.user.id],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe('email_confirmation');
    // Only the hash is stored, never the mailed token.
    expect(mail.text).not.toContain(tokens[0]!.token_hash);
  });

  it('When the account is not confirmed, then the right password answers the unconfirmed message and a wrong one the generic one', async () => {
    const account = await register(ctx, 'consultant', 'Vera');
    const right = await login(ctx, account.email, account.password);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(MSG.loginUnconfirmed);
    const wrong = await login(ctx, account.email, 'falsch123');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MSG.loginFailed);
  });

  it('When the mailed link is followed, then it redirects to the login with the e-mail, and the link works only once', async () => {
    const account = await register(ctx, 'consultant', 'Rita');
    const mail = await latestMailTo(ctx, account.email, /email-confirmation/);
    const link = confirmationPath(mail.text);
    const first = await ctx.request({ method: 'GET', url: link, remoteAddress: nextIp() });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`/login?confirmed=1&email=${encodeURIComponent(account.email)}`);
    const second = await ctx.request({ method: 'GET', url: link, remoteAddress: nextIp() });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/login?confirmed=0');
    for (const url of [
      '/api/auth/email-confirmation',
      '/api/auth/email-confirmation?confirmation=abc',
      '/api/auth/email-confirmation?confirmation[x]=1',
    ]) {
      const bad = await ctx.request({ method: 'GET', url, remoteAddress: nextIp() });
      expect(bad.statusCode, url).toBe(302);
      expect(bad.headers.location).toBe('/login?confirmed=0');
    }
  });

  it('When a confirmed user logs in with e-mail or user name, then it gets a jwt and the AuthUser; /users/me works with it', async () => {
    const account = await createAccount(ctx, 'company', 'Maier');
    for (const identifier of [account.email, 'MAIER', account.email.toUpperCase()]) {
      const res = await login(ctx, identifier, account.password);
      expect(res.statusCode, identifier).toBe(200);
      const body = res.json();
      expect(typeof body.jwt).toBe('string');
      expect(Object.keys(body.user).sort()).toEqual(AUTH_USER_KEYS);
      expect(body.user).toMatchObject({ id: account.id, confirmed: true, role: { type: 'company', name: 'Company' } });
      expect(body.user.last_login).not.toBeNull();
    }
    const me = await ctx.request({ method: 'GET', url: '/api/users/me', token: account.jwt });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(account.id);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: 'garbage' })).statusCode).toBe(401);
  });

  it('When the password is wrong or the user unknown, then both answer the same 400', async () => {
    const account = await createAccount(ctx, 'consultant', 'Susi');
    const wrong = await login(ctx, account.email, 'nichtrichtig');
    const unknown = await login(ctx, 'niemand@example.at', 'nichtrichtig');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(MSG.loginFailed);
  });

  it('When a blocked user logs in with the right password, then it gets the blocked message; a wrong password stays generic', async () => {
    const account = await createAccount(ctx, 'consultant', 'Gesperrt');
    await ctx.database.query('UPDATE users SET blocked = true WHERE id = $1', [account.id]);
    expect((await login(ctx, account.email, account.password)).json().error.message).toBe(MSG.loginBlocked);
    expect((await login(ctx, account.email, 'xxxxxxx')).json().error.message).toBe(MSG.loginFailed);
    // The token issued before the block no longer works.
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: account.jwt })).statusCode).toBe(401);
  });

  it('When the e-mail or user name is taken (any case) or invalid, then registration answers the spec message and creates nothing', async () => {
    await register(ctx, 'company', 'Taken');
    const before = await ctx.database.query('SELECT id FROM users');
    const attempts = [
      { username: 'Other', email: 'TAKEN@example.at', password: 'geheim123', role: 'company' },
      { username: 'tAkEn', email: 'fresh@example.at', password: 'geheim123', role: 'consultant' },
      { username: 'Fresh', email: 'not-an-email', password: 'geheim123', role: 'consultant' },
    ];
    for (const payload of attempts) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local/register',
        payload,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(MSG.registrationFailed);
    }
    expect(await ctx.database.query('SELECT id FROM users')).toHaveLength(before.length);
  });

  it('When registration input is bad (missing, short, wrong types, extra keys such as role admin or confirmed), then 400 and nothing is created', async () => {
    const before = await ctx.database.query('SELECT id FROM users');
    const valid = { username: 'Neu Firma', email: 'neu@example.at', password: 'geheim123', role: 'company' };
    const cases: Array<[object, string | null]> = [
      [{ ...valid, username: 'ab' }, MSG.nameTooShort],
      [{ ...valid, password: '123' }, MSG.passwordTooShort],
      [{ email: valid.email, password: valid.password, role: 'company' }, MSG.fillAllFields],
      [{ ...valid, role: 'admin' }, MSG.fillAllFields],
      [{ ...valid, confirmed: true }, null],
      [{ ...valid, role: 'company', blocked: false, public: true }, null],
      [{ ...valid, password: 123456789 }, null],
      [{ ...valid, username: ['x'] }, null],
      [[], null],
    ];
    for (const [payload, message] of cases) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local/register',
        payload,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data).toBeNull();
      if (message) expect(res.json().error.message).toBe(message);
    }
    expect(await ctx.database.query('SELECT id FROM users')).toHaveLength(before.length);
  });

  it('When the confirmation mail is requested again, then known unconfirmed addresses get a new link and every answer is the same', async () => {
    const pending = await register(ctx, 'consultant', 'Pending');
    const confirmed = await createAccount(ctx, 'consultant', 'Fertig');
    const mailsBefore = (await ctx.deliverMail(), ctx.smtp.messages.length);
    const answers = [];
    for (const email of [pending.email, confirmed.email, 'unbekannt@example.at']) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/send-email-confirmation',
        payload: { email },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(answers).toEqual([
      { email: pending.email, sent: true },
      { email: confirmed.email, sent: true },
      { email: 'unbekannt@example.at', sent: true },
    ]);
    await ctx.deliverMail();
    const newMails = ctx.smtp.messages.slice(mailsBefore);
    expect(newMails.map((m) => m.to)).toEqual([[pending.email]]);
    const follow = await ctx.request({
      method: 'GET',
      url: confirmationPath(newMails[0]!.text),
      remoteAddress: nextIp(),
    });
    expect(follow.headers.location).toContain('confirmed=1');
    expect((await login(ctx, pending.email, pending.password)).statusCode).toBe(200);
    const bad = await ctx.request({
      method: 'POST',
      url: '/api/auth/send-email-confirmation',
      payload: { email: 'x', more: 1 },
      remoteAddress: nextIp(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('When a confirmation token has expired, then the link redirects with confirmed=0 and the account stays unconfirmed', async () => {
    const account = await register(ctx, 'consultant', 'Spaet');
    const mail = await latestMailTo(ctx, account.email, /email-confirmation/);
    await ctx.database.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      account.id,
    ]);
    const res = await ctx.request({ method: 'GET', url: confirmationPath(mail.text), remoteAddress: nextIp() });
    expect(res.headers.location).toBe('/login?confirmed=0');
    const [row] = await ctx.database.query<{ confirmed: boolean }>('SELECT confirmed FROM users WHERE id = $1', [
      account.id,
    ]);
    expect(row!.confirmed).toBe(false);
  });

  it('When login input is malformed, then it answers 400 without a 500', async () => {
    for (const payload of [
      {},
      { identifier: 'a' },
      { identifier: 'a', password: 'b', extra: 1 },
      { identifier: 5, password: 'x' },
    ]) {
      const res = await ctx.request({ method: 'POST', url: '/api/auth/local', payload, remoteAddress: nextIp() });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('login rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When one IP tries one identifier more than 10 times a minute, then it gets 429 in the error shape while another IP still may try', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: 'opfer@example.at', password: `falsch${i}` },
        remoteAddress: '10.9.9.1',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({ data: null, error: { status: 429, message: MSG.rateLimited } });
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    const otherIp = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'opfer@example.at', password: 'falsch' },
      remoteAddress: '10.9.9.2',
    });
    expect(otherIp.statusCode).toBe(400);
  });

  it('When one IP tries many identifiers, then the per-IP limit of 30 a minute answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: `user${i}@example.at`, password: 'falsch' },
        remoteAddress: '10.9.9.3',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('When one IP alternates the e-mail and the user name of one account, then both count against one limit of 10 a minute', async () => {
    const account = await createAccount(ctx, 'consultant', 'Zwei Namen');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const identifier = [account.email, account.username, account.email.toUpperCase(), ` ${account.username} `][
        i % 4
      ]!;
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier, password: `falsch${i}` },
        remoteAddress: '10.9.9.4',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    // Limited before the password is looked at: even the right one waits.
    const right = await ctx.request({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: account.username, password: account.password },
      remoteAddress: '10.9.9.4',
    });
    expect(right.statusCode).toBe(429);
    // The owner on another address is not locked out by someone else's attempts.
    expect((await login(ctx, account.username, account.password)).statusCode).toBe(200);
  });
});

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

describe('forgot-password rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When one IP asks more than 5 times in 10 minutes, then 429', async () => {
    const fromOneIp: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `a${i}@example.at` },
        remoteAddress: '10.8.8.1',
      });
      fromOneIp.push(res.statusCode);
    }
    expect(fromOneIp).toEqual([200, 200, 200, 200, 200, 429]);
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
