import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createJob, createChatUser, type ChatUser } from '../../../test/support/chat-fixtures';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';

let ctx: TestContext;
let baseUrl: string;
let consultant: ChatUser;
let company: ChatUser;
let outsider: ChatUser;
let outsiderCompany: ChatUser;
let conversationId: number;
let outsiderConversationId: number;
const sockets: ChatClient[] = [];

const connect = async (token: string | undefined) => {
  const socket = await connectChat(baseUrl, token);
  sockets.push(socket);
  return socket;
};

const start = async (user: ChatUser, jobId: number, message: string) => {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/chat-communications',
    token: user.token,
    payload: { advertisement: jobId, message },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: ChatConversation }>().data.id;
};

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  consultant = await createChatUser(ctx.app, 'consultant');
  company = await createChatUser(ctx.app, 'company');
  outsider = await createChatUser(ctx.app, 'consultant');
  outsiderCompany = await createChatUser(ctx.app, 'company');
  const job = await createJob(ctx.app.db, company.id, { jobTitle: 'Socket-Test' });
  const otherJob = await createJob(ctx.app.db, outsiderCompany.id, { jobTitle: 'Fremd' });
  conversationId = await start(consultant, job.id, 'Hallo');
  outsiderConversationId = await start(outsider, otherJob.id, 'Hallo von außen');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

describe('Chat sockets', () => {
  it('When the handshake has no token, a forged token or a token of a blocked user, then the connection is refused', async () => {
    await expect(connectChat(baseUrl, undefined)).rejects.toThrow('unauthorized');
    await expect(connectChat(baseUrl, `${consultant.token}x`)).rejects.toThrow('unauthorized');
    const blocked = await createChatUser(ctx.app, 'consultant');
    await ctx.database.query('UPDATE users SET blocked = true WHERE id = $1', [blocked.id]);
    await expect(connectChat(baseUrl, blocked.token)).rejects.toThrow('unauthorized');
    const loggedOut = await createChatUser(ctx.app, 'company');
    await ctx.database.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [loggedOut.id]);
    await expect(connectChat(baseUrl, loggedOut.token)).rejects.toThrow('unauthorized');
  });

  it('When a message is posted over REST, then both parties receive chat:message and their own chat:conversation', async () => {
    const consultantSocket = await connect(consultant.token);
    const companySocket = await connect(company.token);
    const companyTab2 = await connect(company.token);
    const consultantMessages = new EventLog(consultantSocket, 'chat:message');
    const companyMessages = new EventLog(companySocket, 'chat:message');
    const tab2Messages = new EventLog(companyTab2, 'chat:message');
    const companyConversations = new EventLog(companySocket, 'chat:conversation');
    const consultantConversations = new EventLog(consultantSocket, 'chat:conversation');

    const res = await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${conversationId}/messages`,
      token: consultant.token,
      payload: { message: 'Live!' },
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json<{ data: ChatMessage }>().data;

    const [forCompany] = await companyMessages.waitFor(1);
    const [forConsultant] = await consultantMessages.waitFor(1);
    const [forTab2] = await tab2Messages.waitFor(1);
    expect(forCompany).toEqual(sent);
    expect(forConsultant).toEqual(sent);
    expect(forTab2).toEqual(sent);
    const [companyView] = await companyConversations.waitFor(1);
    const [consultantView] = await consultantConversations.waitFor(1);
    expect(companyView).toMatchObject({ id: conversationId, unread: true, counterpart: { id: consultant.id } });
    expect(consultantView).toMatchObject({ id: conversationId, unread: false, counterpart: { id: company.id } });
  });

  it('When a party sends over the socket, then the ack comes after commit and the other party receives it', async () => {
    const companySocket = await connect(company.token);
    const consultantSocket = await connect(consultant.token);
    const consultantMessages = new EventLog(consultantSocket, 'chat:message');
    const ack = await companySocket.emitWithAck('chat:send', { chatId: conversationId, message: 'Antwort per Socket' });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const rows = await ctx.database.query<{ message: string }>('SELECT message FROM chat_messages WHERE id = $1', [
      ack.data.messageId,
    ]);
    expect(rows).toEqual([{ message: 'Antwort per Socket' }]);
    const [received] = await consultantMessages.waitFor(1);
    expect(received).toEqual(ack.data);

    const read = await consultantSocket.emitWithAck('chat:read', { chatId: conversationId });
    expect(read).toMatchObject({ ok: true, data: { id: conversationId, unread: false } });
  });

  it('When a socket message carries a NUL character, then the ack is a 400 and nothing is stored', async () => {
    const socket = await connect(company.token);
    const before = await ctx.database.query('SELECT id FROM chat_messages');
    const ack = await socket.emitWithAck('chat:send', { chatId: conversationId, message: 'a\u0000b' });
    expect(ack).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await ctx.database.query('SELECT id FROM chat_messages')).toHaveLength(before.length);
  });

  it('When an outsider emits events for a conversation not theirs, then they are refused and nothing reaches them', async () => {
    const outsiderSocket = await connect(outsider.token);
    const outsiderCompanySocket = await connect(outsiderCompany.token);
    const outsiderMessages = new EventLog(outsiderSocket, 'chat:message');
    const outsiderCompanyMessages = new EventLog(outsiderCompanySocket, 'chat:message');
    const before = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages');

    for (const socket of [outsiderSocket, outsiderCompanySocket]) {
      const send = await socket.emitWithAck('chat:send', { chatId: conversationId, message: 'Eindringling' });
      expect(send).toMatchObject({ ok: false, error: { status: 404 } });
      const read = await socket.emitWithAck('chat:read', { chatId: conversationId });
      expect(read).toMatchObject({ ok: false, error: { status: 404 } });
    }
    const bad = await outsiderSocket.emitWithAck('chat:send', { chatId: -1, message: 'x' } as {
      chatId: number;
      message: string;
    });
    expect(bad).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await ctx.database.query('SELECT count(*)::int AS n FROM chat_messages')).toEqual(before);

    // A message in the watched conversation, then one in the outsiders' own: the first event they see is their own.
    await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${conversationId}/messages`,
      token: consultant.token,
      payload: { message: 'Geheim' },
    });
    await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${outsiderConversationId}/messages`,
      token: outsiderCompany.token,
      payload: { message: 'Für die Außenstehenden' },
    });
    const [first] = await outsiderMessages.waitFor(1);
    const [firstCompany] = await outsiderCompanyMessages.waitFor(1);
    expect(first).toMatchObject({ chatId: outsiderConversationId, message: 'Für die Außenstehenden' });
    expect(firstCompany).toMatchObject({ chatId: outsiderConversationId });
  });

  it('When the account is blocked after connecting, then the next event is refused and the socket closed', async () => {
    const user = await createChatUser(ctx.app, 'consultant');
    const socket = await connect(user.token);
    await ctx.database.query('UPDATE users SET blocked = true WHERE id = $1', [user.id]);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const ack = await socket.emitWithAck('chat:read', { chatId: conversationId });
    expect(ack).toMatchObject({ ok: false, error: { status: 401 } });
    await closed;
  });
});
