import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToken } from '../../../test/support/sessions';
import type { ChatConversation } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  createAccount,
  latestMailTo,
  login,
  nextIp,
  resetCode,
  type TestAccount,
} from '../../../test/support/account-fixtures';
import { createJob, createChatUser, type ChatUser } from '../../../test/support/chat-fixtures';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';

/**
 * A revoked session (block, password change or reset, deletion) or an expired
 * token ends the live chat socket at once: it is disconnected by the server and
 * receives no further chat:message, while the other party's socket still does.
 */

const sockets: ChatClient[] = [];

/** Resolves with the disconnect reason, or 'still connected' after `ms`. */
function disconnected(socket: ChatClient, ms: number): Promise<string> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve('already closed');
    const timer = setTimeout(() => resolve('still connected'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

async function connect(baseUrl: string, token: string): Promise<ChatClient> {
  const socket = await connectChat(baseUrl, token);
  sockets.push(socket);
  return socket;
}

async function openConversation(ctx: TestContext, consultantToken: string, companyId: number): Promise<number> {
  const job = await createJob(ctx.app.db, companyId, { jobTitle: 'Sitzungsende' });
  const res = await ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: consultantToken,
    payload: { advertisement: job.id, message: 'Hallo' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ChatConversation }>().data.id;
}

/**
 * The victim's socket is open; `revoke` ends the session; the socket must be
 * closed by the server and deaf to a message the other party posts afterwards.
 */
async function expectSocketEnded(
  ctx: TestContext,
  baseUrl: string,
  setup: { victimToken: string; other: { token: string }; chatId: number },
  revoke: () => Promise<void>,
): Promise<void> {
  const victim = await connect(baseUrl, setup.victimToken);
  const witness = await connect(baseUrl, setup.other.token);
  const victimMessages = new EventLog(victim, 'chat:message');
  const witnessMessages = new EventLog(witness, 'chat:message');
  const closed = disconnected(victim, 2_000);
  await revoke();
  expect(await closed).toBe('io server disconnect');
  const res = await ctx.request({
    method: 'POST',
    url: `/api/chat-communications/${setup.chatId}/messages`,
    token: setup.other.token,
    payload: { message: 'Vertraulich nach dem Sitzungsende' },
  });
  // A deleted counterpart leaves the conversation readable; the post itself may be refused then.
  if (res.statusCode === 201) await witnessMessages.waitFor(1);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(victimMessages.items).toEqual([]);
}

describe('Chat sockets of ended sessions', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let admin: ChatUser;

  /** A consultant with a real password and a company in one conversation. */
  const pair = async (name: string): Promise<{ consultant: TestAccount; company: ChatUser; chatId: number }> => {
    const consultant = await createAccount(ctx, 'consultant', name);
    const company = await createChatUser(ctx.app, 'company');
    const chatId = await openConversation(ctx, consultant.jwt, company.id);
    return { consultant, company, chatId };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await createChatUser(ctx.app, 'admin');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await ctx?.close();
  });

  it('When the back office blocks an account, then its open socket is closed at once and gets no further message', async () => {
    const { consultant, company, chatId } = await pair('Gesperrt Live');
    await expectSocketEnded(ctx, baseUrl, { victimToken: consultant.jwt, other: company, chatId }, async () => {
      const res = await ctx.request({
        method: 'PUT',
        url: `/api/admin/users/${consultant.id}/block`,
        token: admin.token,
        payload: { blocked: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('When the password is changed, then the open sockets of the old token are closed and a socket with the new token works', async () => {
    const { consultant, company, chatId } = await pair('Passwort Live');
    let fresh = '';
    await expectSocketEnded(ctx, baseUrl, { victimToken: consultant.jwt, other: company, chatId }, async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: consultant.jwt,
        payload: { currentPassword: consultant.password, password: 'neues1234', passwordConfirmation: 'neues1234' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      fresh = res.json<{ jwt: string }>().jwt;
    });
    const again = await connect(baseUrl, fresh);
    const ack = await again.emitWithAck('chat:send', { chatId, message: 'Mit neuem Passwort' });
    expect(ack.ok).toBe(true);
    await expect(connectChat(baseUrl, consultant.jwt)).rejects.toThrow('unauthorized');
  });

  it('When the password is reset with the mailed code, then the open socket is closed and gets no further message', async () => {
    const { consultant, company, chatId } = await pair('Zurueckgesetzt Live');
    await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: consultant.email },
      remoteAddress: nextIp(),
    });
    const code = resetCode((await latestMailTo(ctx, consultant.email, /reset-password/)).text);
    await expectSocketEnded(ctx, baseUrl, { victimToken: consultant.jwt, other: company, chatId }, async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { code, password: 'zurueck123', passwordConfirmation: 'zurueck123' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('When a user deletes the own account, then every open socket of it is closed (also a second tab)', async () => {
    const { consultant, company, chatId } = await pair('Geloescht Live');
    const otherTab = await connect(baseUrl, consultant.jwt);
    const otherTabClosed = disconnected(otherTab, 2_000);
    await expectSocketEnded(ctx, baseUrl, { victimToken: consultant.jwt, other: company, chatId }, async () => {
      const res = await ctx.request({ method: 'DELETE', url: `/api/users/${consultant.id}`, token: consultant.jwt });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(await otherTabClosed).toBe('io server disconnect');
  });

  it('When the back office deletes an account, then its open socket is closed at once', async () => {
    const { consultant, company, chatId } = await pair('Admin Geloescht Live');
    await expectSocketEnded(ctx, baseUrl, { victimToken: consultant.jwt, other: company, chatId }, async () => {
      const res = await ctx.request({ method: 'DELETE', url: `/api/admin/users/${consultant.id}`, token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('When one session is signed out on the sessions page, then its socket closes while the same account’s other session stays connected', async () => {
    const { consultant, company, chatId } = await pair('Sitzung Live');
    const other = await login(ctx, consultant.email, consultant.password);
    const otherToken = other.json().jwt as string;
    const otherSocket = await connect(baseUrl, otherToken);
    const sessions = await ctx.request({ method: 'GET', url: '/api/sessions', token: otherToken });
    const victimSession = (sessions.json().data as Array<{ id: string; current: boolean }>).find((s) => !s.current)!;
    await expectSocketEnded(ctx, baseUrl, { victimToken: consultant.jwt, other: company, chatId }, async () => {
      const res = await ctx.request({ method: 'DELETE', url: `/api/sessions/${victimSession.id}`, token: otherToken });
      expect(res.statusCode).toBe(200);
    });
    expect(otherSocket.connected).toBe(true);
    expect(
      await connectChat(baseUrl, consultant.jwt).then(
        () => 'connected',
        () => 'refused',
      ),
    ).toBe('refused');
  });

  it('When one account is revoked, then the sockets of other accounts stay open', async () => {
    const { consultant, company } = await pair('Nur Einer');
    const bystander = await connect(baseUrl, company.token);
    const victim = await connect(baseUrl, consultant.jwt);
    const closed = disconnected(victim, 2_000);
    const res = await ctx.request({
      method: 'PUT',
      url: `/api/admin/users/${consultant.id}/block`,
      token: admin.token,
      payload: { blocked: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });
});

describe('Chat sockets of expiring tokens', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { JWT_TTL: '2s' } });
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await ctx?.close();
  });

  it('When the token of an open socket expires, then the server closes it and it gets no further message', async () => {
    const consultant = await createChatUser(ctx.app, 'consultant');
    const company = await createChatUser(ctx.app, 'company');
    const chatId = await openConversation(ctx, consultant.token, company.id);
    const victim = await connect(baseUrl, await sessionToken(ctx.database, ctx.app.jwt, consultant.id));
    const messages = new EventLog(victim, 'chat:message');
    const started = Date.now();
    // 2 s tokens carry whole seconds: they expire 1 to 2 s after issue (plus scheduling slack).
    expect(await disconnected(victim, 4_000)).toBe('io server disconnect');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const other = await sessionToken(ctx.database, ctx.app.jwt, company.id);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${chatId}/messages`,
      token: other,
      payload: { message: 'Nach Ablauf' },
    });
    expect(res.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(messages.items).toEqual([]);
  });

  it('When an expired token is offered in the handshake, then the connection is refused', async () => {
    const consultant = await createChatUser(ctx.app, 'consultant');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await expect(connectChat(baseUrl, consultant.token)).rejects.toThrow('unauthorized');
  });
});
