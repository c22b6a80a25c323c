import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MSG, MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { connectChat } from '../../../test/support/socket-client';
import {
  createAccount,
  latestMailTo,
  login,
  nextIp,
  register,
  resetCode,
  type TestAccount,
} from '../../../test/support/account-fixtures';

/**
 * Changing the e-mail address (issue 9, item 10; docs/decisions/0009-email-change.md):
 * the new address confirms a link first, the old address gets a notice with an
 * objection link, other sessions end when the address changes.
 */

const HOUR = 60 * 60 * 1000;

function confirmPath(text: string): string {
  const match = /http:\/\/localhost:3000(\/api\/email-change\/confirm\?token=[\w%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link in mail:\n${text}`);
  return match[1];
}

function objectionToken(text: string): string {
  const match = /http:\/\/localhost:3000\/email-change\/object\/([\w%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no objection link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}

describe('users: changing the e-mail address', () => {
  let ctx: TestContext;
  let clock = Date.now();
  let counter = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ now: () => new Date(clock) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const fresh = (label: string) => createAccount(ctx, 'company', `Mailwechsel ${label} ${++counter}`);
  const newAddress = (label: string) => `neu.${label}.${++counter}@example.at`;
  const put = (account: TestAccount, payload: object) =>
    ctx.request({ method: 'PUT', url: `/api/users/${account.id}`, payload, token: account.jwt });
  const me = (jwt: string) => ctx.request({ method: 'GET', url: '/api/users/me', token: jwt });
  const storedEmail = async (id: number) =>
    (await ctx.database.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]))[0]?.email;
  const follow = async (path: string) => {
    const res = await ctx.request({ method: 'GET', url: path, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string, 'http://localhost:3000');
  };
  const object = (token: string) =>
    ctx.request({ method: 'POST', url: '/api/email-change/object', payload: { token }, remoteAddress: nextIp() });

  /** Requests a change and returns the two mailed links. */
  async function requestChange(account: TestAccount, to: string) {
    const res = await put(account, { email: to });
    expect(res.statusCode, res.body).toBe(200);
    const confirmation = await latestMailTo(ctx, to, /email-change\/confirm/);
    const notice = await latestMailTo(ctx, account.email, /email-change\/object/);
    return {
      res,
      confirm: confirmPath(confirmation.text),
      objection: objectionToken(notice.text),
      confirmation,
      notice,
    };
  }

  it('When a user changes the e-mail, then the old address stays until confirmed, the new one gets a link and the old one a notice with an objection link', async () => {
    const account = await fresh('a');
    const to = newAddress('a');
    const { res, confirmation, notice } = await requestChange(account, to);
    const body = res.json();
    expect(body.email).toBe(account.email);
    expect(body.pendingEmail).toMatchObject({ email: to });
    expect(new Date(body.pendingEmail.expiresAt as string).getTime()).toBe(clock + 48 * HOUR);
    expect(await storedEmail(account.id)).toBe(account.email);
    // The old address still logs in, the new one does not yet.
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(200);
    expect((await login(ctx, to, account.password)).statusCode).toBe(400);
    // The profile shows the pending change.
    expect((await me(account.jwt)).json().pendingEmail).toMatchObject({ email: to });
    // German mails in Sie-form.
    expect(confirmation.subject).toMatch(/E-Mail-Adresse/);
    expect(confirmation.text).toContain('Sie');
    expect(confirmation.text).toContain(account.email);
    expect(notice.text).toContain(to);
    expect(notice.text).toMatch(/widerrufen/i);
    // Only hashes are stored.
    const [row] = await ctx.database.query<{ confirm_token_hash: string; objection_token_hash: string }>(
      'SELECT confirm_token_hash, objection_token_hash FROM email_changes WHERE user_id = $1',
      [account.id],
    );
    expect(confirmPath(confirmation.text)).not.toContain(row!.confirm_token_hash);
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.objection_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('When only other fields are saved, then the answer is unchanged and no change is started; the current address starts none either', async () => {
    const account = await fresh('b');
    const before = ctx.smtp.messages.length;
    const res = await put(account, { username: `Umbenannt ${counter}`, email: account.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: account.email, pendingEmail: null });
    await ctx.deliverMail();
    expect(ctx.smtp.messages.length).toBe(before);
    expect(await ctx.database.query('SELECT id FROM email_changes WHERE user_id = $1', [account.id])).toHaveLength(0);
  });

  it('When the link is followed, then the e-mail changes, older tokens are 401 and the new address logs in', async () => {
    const account = await fresh('c');
    const to = newAddress('c');
    const { confirm } = await requestChange(account, to);
    const target = await follow(confirm);
    expect(target.pathname).toBe('/email-change');
    expect(target.searchParams.get('status')).toBe('confirmed');
    expect(await storedEmail(account.id)).toBe(to);
    expect((await me(account.jwt)).statusCode).toBe(401);
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(400);
    const relogin = await login(ctx, to, account.password);
    expect(relogin.statusCode, relogin.body).toBe(200);
    const own = await me(relogin.json().jwt as string);
    expect(own.json()).toMatchObject({ email: to, pendingEmail: null });
  });

  it('When the change is confirmed or objected to, then the open chat sockets of the account are closed at once', async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    for (const step of ['confirm', 'object'] as const) {
      const account = await fresh(`s-${step}`);
      const { confirm, objection } = await requestChange(account, newAddress(`s-${step}`));
      const socket = await connectChat(baseUrl, account.jwt);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      try {
        if (step === 'confirm') expect((await follow(confirm)).searchParams.get('status')).toBe('confirmed');
        else expect((await object(objection)).statusCode).toBe(200);
        expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('still open'), 2000))])).toBe(
          'io server disconnect',
        );
      } finally {
        socket.close();
      }
    }
  });

  it('When a link is used twice or after 48 hours, then the landing page gets a clear German answer and nothing changes', async () => {
    const account = await fresh('d');
    const first = await requestChange(account, newAddress('d'));
    expect((await follow(first.confirm)).searchParams.get('status')).toBe('confirmed');
    expect((await follow(first.confirm)).searchParams.get('status')).toBe('used');
    expect(EMAIL_CHANGE_MSG.used).toMatch(/bereits verwendet/);

    const second = await fresh('e');
    const to = newAddress('e');
    const { confirm } = await requestChange(second, to);
    clock += 48 * HOUR + 1000;
    try {
      expect((await follow(confirm)).searchParams.get('status')).toBe('expired');
    } finally {
      clock = Date.now();
    }
    expect(EMAIL_CHANGE_MSG.expired).toMatch(/abgelaufen/);
    expect(await storedEmail(second.id)).toBe(second.email);
    // An expired change is no longer shown as pending.
    clock += 48 * HOUR + 1000;
    try {
      expect((await me(second.jwt)).json().pendingEmail).toBeNull();
    } finally {
      clock = Date.now();
    }
  });

  it('When the new address is taken by another account in between, then confirming is refused and the address stays', async () => {
    const account = await fresh('f');
    const to = newAddress('f');
    // Taken at request time: refused at once.
    const other = await fresh('g');
    const taken = await put(account, { email: other.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toBe(MSG.profileSaveFailed);

    const { confirm } = await requestChange(account, to);
    // Someone else registers the address before the link is followed.
    const squatter = await register(ctx, 'consultant', `Schneller ${counter}`);
    await ctx.database.query('UPDATE users SET email = $1 WHERE id = $2', [to, squatter.id]);
    expect((await follow(confirm)).searchParams.get('status')).toBe('taken');
    expect(await storedEmail(account.id)).toBe(account.email);
    expect((await me(account.jwt)).json().pendingEmail).toBeNull();
  });

  it('When the objection link of a pending change is used, then the change is cancelled, sessions end and a new password is set through the mailed link', async () => {
    const account = await fresh('h');
    const to = newAddress('h');
    const { confirm, objection } = await requestChange(account, to);
    const res = await object(objection);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancelled', message: EMAIL_CHANGE_MSG.objectionCancelled });
    expect((await follow(confirm)).searchParams.get('status')).toBe('cancelled');
    expect(await storedEmail(account.id)).toBe(account.email);
    expect((await me(account.jwt)).statusCode).toBe(401);
    // The password someone else may know no longer works; the reset link goes to the old address.
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(400);
    const mail = await latestMailTo(ctx, account.email, /reset-password/);
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: resetCode(mail.text), password: 'wieder123', passwordConfirmation: 'wieder123' },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(ctx, account.email, 'wieder123')).statusCode).toBe(200);
    // Single use.
    const again = await object(objection);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(EMAIL_CHANGE_MSG.objectionInvalid);
  });

  it('When the change was already confirmed, then the objection restores the old address and tells the new one', async () => {
    const account = await fresh('i');
    const to = newAddress('i');
    const { confirm, objection } = await requestChange(account, to);
    expect((await follow(confirm)).searchParams.get('status')).toBe('confirmed');
    const relogin = await login(ctx, to, account.password);
    expect(relogin.statusCode).toBe(200);
    const res = await object(objection);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('reverted');
    expect(await storedEmail(account.id)).toBe(account.email);
    expect((await me(relogin.json().jwt as string)).statusCode).toBe(401);
    expect((await login(ctx, to, account.password)).statusCode).toBe(400);
    expect((await login(ctx, account.email, account.password)).statusCode).toBe(400);
    await latestMailTo(ctx, account.email, /reset-password/);
    const told = await latestMailTo(ctx, to, /widerrufen|wiederhergestellt/);
    expect(told.text).not.toMatch(/reset-password/);
  });

  it('When a newer change is requested, then it replaces the older one whose link stops working', async () => {
    const account = await fresh('j');
    const older = await requestChange(account, newAddress('j'));
    const to = newAddress('k');
    const newer = await requestChange(account, to);
    expect(newer.res.json().pendingEmail).toMatchObject({ email: to });
    expect((await follow(older.confirm)).searchParams.get('status')).toBe('cancelled');
    expect((await follow(newer.confirm)).searchParams.get('status')).toBe('confirmed');
    expect(await storedEmail(account.id)).toBe(to);
  });

  it("When someone guesses tokens or uses another user's objection token as a confirmation, then nothing changes", async () => {
    const victim = await fresh('l');
    const attacker = await fresh('m');
    const victimChange = await requestChange(victim, newAddress('l'));
    await requestChange(attacker, newAddress('m'));
    for (const token of ['', 'abc', 'A'.repeat(43), victimChange.objection, 'x'.repeat(500)]) {
      const target = await follow(`/api/email-change/confirm?token=${encodeURIComponent(token)}`);
      expect(target.searchParams.get('status'), token).toBe('invalid');
    }
    expect((await follow('/api/email-change/confirm')).searchParams.get('status')).toBe('invalid');
    const token = new URL(victimChange.confirm, 'http://x').searchParams.get('token')!;
    expect((await object(token)).statusCode).toBe(400);
    expect((await object('A'.repeat(43))).statusCode).toBe(400);
    expect(await storedEmail(victim.id)).toBe(victim.email);
    expect(await storedEmail(attacker.id)).toBe(attacker.email);
    expect((await me(victim.jwt)).json().pendingEmail).not.toBeNull();
    // The own-user routes act on the caller's own pending change only.
    expect((await ctx.request({ method: 'DELETE', url: '/api/users/me/email-change' })).statusCode).toBe(401);
  });

  it('When the owner resends or cancels from the profile, then a fresh link replaces the old one, too early is refused, and cancelling ends the change', async () => {
    const account = await fresh('n');
    const to = newAddress('n');
    const { confirm } = await requestChange(account, to);
    const resend = () => ctx.request({ method: 'POST', url: '/api/users/me/email-change/resend', token: account.jwt });
    const early = await resend();
    expect(early.statusCode).toBe(429);
    expect(early.json().error.message).toBe(EMAIL_CHANGE_MSG.resendTooSoon);
    clock += 61_000;
    const again = await resend();
    clock = Date.now();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().pendingEmail).toMatchObject({ email: to });
    const fresher = confirmPath((await latestMailTo(ctx, to, /email-change\/confirm/)).text);
    expect(fresher).not.toBe(confirm);
    expect((await follow(confirm)).searchParams.get('status')).toBe('invalid');

    const cancel = await ctx.request({ method: 'DELETE', url: '/api/users/me/email-change', token: account.jwt });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ email: account.email, pendingEmail: null });
    expect((await follow(fresher)).searchParams.get('status')).toBe('cancelled');
    expect(await storedEmail(account.id)).toBe(account.email);
    const none = await ctx.request({ method: 'DELETE', url: '/api/users/me/email-change', token: account.jwt });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(EMAIL_CHANGE_MSG.noPendingChange);
  });
});
