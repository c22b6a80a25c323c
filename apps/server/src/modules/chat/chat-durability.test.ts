import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@pb/core';
import { createJob, createUser } from './chat-fixtures';
import { createPostgresDatabase, newJwtSecret, startInstance, tempDataDir, type Instance } from './instances';
import { connectChat } from './socket-client';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('Chat durability', () => {
  it('When a message was acknowledged, then it is still there after the server is stopped and started again', async () => {
    const dataDir = tempDataDir();
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DB_DRIVER === 'postgres') {
      const pgDb = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(pgDb.drop);
      databaseUrl = pgDb.url;
    }
    const options = { dataDir, jwtSecret: newJwtSecret(), databaseUrl };

    const first: Instance = await startInstance(options);
    const consultant = await createUser(first.app, 'consultant');
    const company = await createUser(first.app, 'company');
    const job = await createJob(first.app.db, company.id, { jobTitle: 'Dauerhaft' });
    const opened = await first.app.inject({
      method: 'POST',
      url: '/api/chat-communications',
      headers: { authorization: `Bearer ${consultant.token}` },
      payload: { advertisement: job.id, message: 'Erste Nachricht' },
    });
    const chatId = opened.json<{ data: ChatConversation }>().data.id;
    const socket = await connectChat(first.url, company.token);
    const ack = await socket.emitWithAck('chat:send', { chatId, message: 'Bestätigt und gespeichert' });
    socket.close();
    expect(ack.ok).toBe(true);
    await first.close();

    const second = await startInstance(options);
    cleanups.push(second.close);
    const res = await second.app.inject({
      method: 'GET',
      url: `/api/chat-communications/${chatId}/messages`,
      headers: { authorization: `Bearer ${consultant.token}` },
    });
    expect(res.statusCode).toBe(200);
    const messages = res.json<{ data: ChatMessage[] }>().data;
    expect(messages.map((m) => m.message)).toEqual(['Erste Nachricht', 'Bestätigt und gespeichert']);
    expect(messages[1]!.messageId).toBe(ack.ok ? ack.data.messageId : -1);
    const [row] = await second.database.query<{ p1: boolean }>('SELECT unread_message_p1 AS p1 FROM chat_communications WHERE id = $1', [chatId]);
    expect(row).toEqual({ p1: true });
  }, 120_000);
});
