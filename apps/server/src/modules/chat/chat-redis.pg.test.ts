import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@pb/core';
import { createJob, createChatUser, type ChatUser } from '../../../test/support/chat-fixtures';
import { startInstancePair, type Instance } from '../../../test/support/instances';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';

/**
 * Two server instances on loopback sharing one PostgreSQL database and Redis:
 * a message posted on one reaches a client connected to the other. PGlite is a
 * single-process database, so this suite (*.pg.test.ts) runs in the PostgreSQL project only (CI runs it).
 */
describe('Chat across two instances (Redis adapter)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  const sockets: ChatClient[] = [];
  let a: Instance;
  let b: Instance;
  let consultant: ChatUser;
  let company: ChatUser;
  let chatId: number;

  beforeAll(async () => {
    const instances = await startInstancePair('the two-instance chat test');
    cleanups.push(instances.close);
    ({ a, b } = instances);
    consultant = await createChatUser(a.app, 'consultant');
    company = await createChatUser(a.app, 'company');
    const job = await createJob(a.app.db, company.id, { jobTitle: 'Zwei Instanzen' });
    const opened = await a.app.inject({
      method: 'POST',
      url: '/api/chat-communications',
      headers: { authorization: `Bearer ${consultant.token}` },
      payload: { advertisement: job.id, message: 'Start' },
    });
    chatId = opened.json<{ data: ChatConversation }>().data.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('When a client on instance A sends, then the party connected to instance B receives it live', async () => {
    const onA = await connectChat(a.url, consultant.token);
    const onB = await connectChat(b.url, company.token);
    sockets.push(onA, onB);
    const received = new EventLog(onB, 'chat:message');
    const conversations = new EventLog(onB, 'chat:conversation');
    const ack = await onA.emitWithAck('chat:send', { chatId, message: 'Über Redis' });
    expect(ack.ok).toBe(true);
    const [message] = await received.waitFor(1);
    expect(message).toMatchObject({ chatId, message: 'Über Redis', userId: consultant.id });
    const [view] = await conversations.waitFor(1);
    expect(view).toMatchObject({ id: chatId, unread: true });
  });

  it('When a message is posted over REST on instance B, then the client on instance A receives it', async () => {
    const onA = await connectChat(a.url, consultant.token);
    sockets.push(onA);
    const received = new EventLog(onA, 'chat:message');
    const res = await b.app.inject({
      method: 'POST',
      url: `/api/chat-communications/${chatId}/messages`,
      headers: { authorization: `Bearer ${company.token}` },
      payload: { message: 'Zurück über B' },
    });
    expect(res.statusCode).toBe(201);
    const [message] = await received.waitFor(1);
    expect(message).toEqual(res.json<{ data: ChatMessage }>().data);
  });
});
