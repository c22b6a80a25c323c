import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation } from '@pb/core';
import { createJob, createChatUser, type ChatUser } from '../../../test/support/chat-fixtures';
import { startInstancePair, type Instance } from '../../../test/support/instances';
import { connectChat, EventLog, type ChatClient } from '../../../test/support/socket-client';

/**
 * Two server instances sharing PostgreSQL and Redis: a session revoked through
 * instance A closes the account's socket held by instance B at once (the Redis
 * adapter forwards the disconnect). Runs in the PostgreSQL project only.
 */
describe('Ended sessions across two instances (Redis adapter)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  const sockets: ChatClient[] = [];
  let a: Instance;
  let b: Instance;
  let admin: ChatUser;

  const disconnected = (socket: ChatClient, ms: number) =>
    new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('still connected'), ms);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  const pair = async () => {
    const consultant = await createChatUser(a.app, 'consultant');
    const company = await createChatUser(a.app, 'company');
    const job = await createJob(a.app.db, company.id, { jobTitle: 'Zwei Instanzen, eine Sperre' });
    const opened = await a.app.inject({
      method: 'POST',
      url: '/api/chat-communications',
      headers: { authorization: `Bearer ${consultant.token}` },
      payload: { advertisement: job.id, message: 'Start' },
    });
    expect(opened.statusCode).toBe(201);
    return { consultant, company, chatId: opened.json<{ data: ChatConversation }>().data.id };
  };

  beforeAll(async () => {
    const instances = await startInstancePair('the two-instance session test');
    cleanups.push(instances.close);
    ({ a, b } = instances);
    admin = await createChatUser(a.app, 'admin');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('When an account is blocked on instance A, then its socket on instance B is closed and gets no further message', async () => {
    const { consultant, company, chatId } = await pair();
    const onB = await connectChat(b.url, consultant.token);
    const witness = await connectChat(a.url, company.token);
    sockets.push(onB, witness);
    const received = new EventLog(onB, 'chat:message');
    const witnessed = new EventLog(witness, 'chat:message');
    const closed = disconnected(onB, 3_000);
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${consultant.id}/block`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { blocked: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    const post = await b.app.inject({
      method: 'POST',
      url: `/api/chat-communications/${chatId}/messages`,
      headers: { authorization: `Bearer ${company.token}` },
      payload: { message: 'Nach der Sperre' },
    });
    expect(post.statusCode).toBe(201);
    await witnessed.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.items).toEqual([]);
  });

  it('When an account deletes itself on instance B, then its socket on instance A is closed', async () => {
    const { consultant } = await pair();
    const onA = await connectChat(a.url, consultant.token);
    sockets.push(onA);
    const closed = disconnected(onA, 3_000);
    const res = await b.app.inject({
      method: 'DELETE',
      url: `/api/users/${consultant.id}`,
      headers: { authorization: `Bearer ${consultant.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});
