import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  confirmationPath,
  createAccount,
  latestMailTo,
  login,
  nextIp,
  register,
} from '../../../test/support/account-fixtures';

/**
 * Accounts: registration, the confirmation mail and link, and login (each describe its own test context).
 */

const AUTH_USER_KEYS = [
  'blocked',
  'confirmed',
  'createdAt',
  'email',
  'id',
  'last_login',
  'organisation',
  'role',
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
      role: { type: 'company', name: 'Company' },
      confirmed: false,
    });
    // The registration's description starts the organisation's public profile (migration 0040).
    const [organisation] = await ctx.database.query<{ description: string; contact_email: string; public: boolean }>(
      'SELECT description, contact_email, public FROM organisations WHERE created_by = $1',
      [body.user.id],
    );
    expect(organisation).toEqual({ description: 'Bau', contact_email: 'office@huber.at', public: false });
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
