import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@pb/core';
import { createJob } from '../../../test/support/chat-fixtures';
import { chatSuite } from '../../../test/support/chat-suite';

/**
 * The chat: deactivated advertisements, the unread flags, message pages and the mail notices, each on
 * a conversation of its own.
 */

let clock = new Date('2026-03-02T08:00:00.000Z');
const tick = (minutes = 1) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

const { ctx, consultant, company, jobB, inbox, flags, send, contact } = chatSuite(() => clock);

describe('Deactivated advertisements', () => {
  it('When the company deactivates the advertisement, then the conversation stays but shows no advertisement (the header says it no longer exists)', async () => {
    const job = await createJob(ctx.app.db, company.id, { jobTitle: 'Polier/in Hochbau' });
    tick();
    const started = await contact(consultant.token, { advertisement: job.id, message: 'Ist die Stelle noch frei?' });
    expect(started.statusCode).toBe(201);
    const id = started.json<{ data: ChatConversation }>().data.id;
    expect(started.json<{ data: ChatConversation }>().data.advertisement?.jobTitle).toBe('Polier/in Hochbau');
    await ctx.database.query('UPDATE jobs SET published_at = NULL WHERE id = $1', [job.id]);
    for (const user of [consultant, company]) {
      const conversation = (await inbox(user)).data.find((c) => c.id === id);
      expect(conversation?.advertisement).toBeNull();
    }
    tick();
    expect((await send(company, id, 'Leider schon besetzt.')).statusCode).toBe(201);
  });
});

describe('Unread flags (spec §4)', () => {
  it('When both parties exchange messages and open the conversation, then the flags follow the spec', async () => {
    const fresh = await createJob(ctx.app.db, company.id, { jobTitle: 'Controller/in' });
    tick();
    const res = await contact(consultant.token, { advertisement: fresh.id, message: 'Erste Nachricht' });
    const id = res.json<{ data: ChatConversation }>().data.id;
    expect(await flags(id)).toMatchObject({ p1: false, p2: true });

    // The company opens it: only its own flag clears.
    const read = await ctx.request({ method: 'PUT', url: `/api/chat-communications/${id}/read`, token: company.token });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: ChatConversation }>().data.unread).toBe(false);
    expect(await flags(id)).toMatchObject({ p1: false, p2: false });

    // The company answers: the consultant's flag is set, the timestamp moves.
    tick();
    expect((await send(company, id, 'Antwort')).statusCode).toBe(201);
    const afterAnswer = await flags(id);
    expect(afterAnswer).toMatchObject({ p1: true, p2: false });
    expect(new Date(afterAnswer.ts).toISOString()).toBe(clock.toISOString());

    // The consultant opens it with the spec's PUT body: the server ignores attempts to set other fields.
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/chat-communications/${id}`,
      token: consultant.token,
      payload: {
        data: { unread_message_p1: true, unread_message_p2: true, last_message_timestamp: '2000-01-01T00:00:00.000Z' },
      },
    });
    expect(put.statusCode).toBe(200);
    const afterOpen = await flags(id);
    expect(afterOpen).toMatchObject({ p1: false, p2: false });
    expect(new Date(afterOpen.ts).toISOString()).toBe(clock.toISOString());

    // The consultant writes again: the company's flag is set.
    tick();
    expect((await send(consultant, id, 'Danke!')).statusCode).toBe(201);
    expect(await flags(id)).toMatchObject({ p1: false, p2: true });
    const view = (await inbox(company)).data.find((c) => c.id === id)!;
    expect(view).toMatchObject({ unread: true, unread_message_p2: true, unread_message_p1: false });
  });
});

describe('Messages', () => {
  it('When messages are listed, then a page runs oldest to newest and `before` pages back', async () => {
    const fresh = await createJob(ctx.app.db, company.id, { jobTitle: 'Paging' });
    tick();
    const res = await contact(consultant.token, { advertisement: fresh.id, message: 'm0' });
    const id = res.json<{ data: ChatConversation }>().data.id;
    for (const text of ['m1', 'm2', 'm3', 'm4']) {
      tick();
      expect((await send(company, id, text)).statusCode).toBe(201);
    }
    const page = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${id}/messages?limit=2`,
      token: consultant.token,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ data: ChatMessage[]; meta: { hasMore: boolean } }>();
    expect(body.data.map((m) => m.message)).toEqual(['m3', 'm4']);
    expect(body.meta.hasMore).toBe(true);
    expect(body.data[1]).toMatchObject({
      chatId: id,
      username: company.username,
      userId: company.id,
      file_message: false,
      files: [],
    });
    const older = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${id}/messages?limit=10&before=${body.data[0]!.messageId}`,
      token: company.token,
    });
    const olderBody = older.json<{ data: ChatMessage[]; meta: { hasMore: boolean } }>();
    expect(olderBody.data.map((m) => m.message)).toEqual(['m0', 'm1', 'm2']);
    expect(olderBody.meta.hasMore).toBe(false);
    const tooMany = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${id}/messages?limit=101`,
      token: company.token,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('When the message page query has an array, hex or unknown key, then it answers 400', async () => {
    const opened = await contact(consultant.token, { advertisement: jobB.id, message: 'Paging-Abfrage' });
    const { id } = opened.json<{ data: ChatConversation }>().data;
    for (const query of ['limit[]=1', 'limit=0x10', 'limit=1e1', 'before[]=1', 'foo=1']) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/chat-communications/${id}/messages?${query}`,
        token: consultant.token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
    }
  });
});

describe('Mail notices', () => {
  it('When messages arrive, then the recipient gets at most one German notice per conversation per 15 minutes', async () => {
    const fresh = await createJob(ctx.app.db, company.id, { jobTitle: 'Mail-Test' });
    await ctx.deliverMail();
    ctx.smtp.messages.length = 0;
    // Earlier tests mailed both users within 10 minutes (one chat mail per user per 10 minutes).
    await ctx.database.query('DELETE FROM notification_mail_log');
    tick();
    const res = await contact(consultant.token, { advertisement: fresh.id, message: 'Vertraulicher Inhalt' });
    const id = res.json<{ data: ChatConversation }>().data.id;
    tick(2);
    await send(consultant, id, 'Zweite Nachricht');
    await ctx.deliverMail();
    expect(ctx.smtp.messages).toHaveLength(1);
    const mail = ctx.smtp.messages[0]!;
    expect(mail.to).toEqual([company.email]);
    expect(mail.subject).toBe("Neue Nachricht zu 'Mail-Test'");
    expect(mail.text).toContain(`http://localhost:3000/advertisements/chat?conversation=${id}`);
    expect(mail.text).not.toContain('Vertraulicher Inhalt');

    // The company answers: the consultant gets their own notice.
    tick();
    await send(company, id, 'Antwort');
    await ctx.deliverMail();
    expect(ctx.smtp.messages.map((m) => m.to[0])).toEqual([company.email, consultant.email]);

    // After 15 minutes the company is notified again.
    tick(16);
    await send(consultant, id, 'Nachfrage');
    await ctx.deliverMail();
    expect(ctx.smtp.messages.map((m) => m.to[0])).toEqual([company.email, consultant.email, company.email]);
  });

  it('When a message follows within the notice interval, then it writes what a noticed one writes: message, unread flag, timestamp and bell entry, no mail', async () => {
    const fresh = await createJob(ctx.app.db, company.id, { jobTitle: 'Zwei Wege' });
    await ctx.database.query('DELETE FROM notification_mail_log');
    tick(20);
    const first = await contact(consultant.token, { advertisement: fresh.id, message: 'Erste' });
    const id = first.json<{ data: ChatConversation }>().data.id;
    await ctx.deliverMail();
    const mailsBefore = ctx.smtp.messages.length;
    // The company reads; then a second message arrives 2 minutes later (no notice due: one statement).
    await ctx.request({ method: 'PUT', url: `/api/chat-communications/${id}/read`, token: company.token });
    expect((await flags(id)).p2).toBe(false);
    tick(2);
    const second = await send(consultant, id, 'Zweite');
    expect(second.statusCode).toBe(201);
    const message = second.json<{ data: ChatMessage }>().data;
    expect(message).toMatchObject({
      chatId: id,
      message: 'Zweite',
      username: consultant.username,
      userId: consultant.id,
      timestamp: clock.toISOString(),
      file_message: false,
      files: [],
    });
    expect(await flags(id)).toMatchObject({ p1: false, p2: true, ts: clock });
    const bell = await ctx.database.query<{ title: string; body: string; link: string; mail_due: boolean }>(
      `SELECT title, body, link, mail_due FROM notifications WHERE user_id = $1 AND kind = 'chat_message'
       AND link = $2 ORDER BY id`,
      [company.id, `/advertisements/chat?conversation=${id}`],
    );
    expect(bell).toHaveLength(2);
    expect(bell[1]).toEqual(bell[0]);
    expect(bell[1]).toEqual({
      title: `Neue Nachricht von ${consultant.username}`,
      body: 'Zum Inserat „Zwei Wege“',
      link: `/advertisements/chat?conversation=${id}`,
      mail_due: false,
    });
    const listed = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${id}/messages`,
      token: company.token,
    });
    expect(listed.json<{ data: ChatMessage[] }>().data.at(-1)).toEqual(message);
    await ctx.deliverMail();
    expect(ctx.smtp.messages).toHaveLength(mailsBefore);
  });

  it('When the notice cannot be queued after the message is committed, then the message still arrives (201) and the batched notification mail sends it', async () => {
    const fresh = await createJob(ctx.app.db, company.id, { jobTitle: 'Ausfall-Test' });
    // Earlier tests left entries waiting for the batched mail: only this one is to be sent.
    await ctx.database.query('UPDATE notifications SET mail_due = false');
    await ctx.database.query('DELETE FROM notification_mail_log');
    await ctx.deliverMail();
    ctx.smtp.messages.length = 0;
    tick(20);
    // The outbox is away after the message's commit: the notice's transaction fails.
    await ctx.database.query('ALTER TABLE mail_outbox RENAME TO mail_outbox_away');
    let res;
    try {
      res = await contact(consultant.token, { advertisement: fresh.id, message: 'Trotzdem da' });
    } finally {
      await ctx.database.query('ALTER TABLE mail_outbox_away RENAME TO mail_outbox');
    }
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: ChatConversation }>().data.id;
    const listed = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${id}/messages`,
      token: company.token,
    });
    expect(listed.json<{ data: ChatMessage[] }>().data.map((m) => m.message)).toEqual(['Trotzdem da']);
    const entry = await ctx.database.query<{ mail_due: boolean }>(
      `SELECT mail_due FROM notifications WHERE user_id = $1 AND link = $2`,
      [company.id, `/advertisements/chat?conversation=${id}`],
    );
    expect(entry).toEqual([{ mail_due: true }]);
    await ctx.deliverMail();
    expect(ctx.smtp.messages).toHaveLength(0);

    await ctx.app.alerts.worker.runOnce();
    await ctx.deliverMail();
    expect(ctx.smtp.messages.map((m) => [m.to[0], m.subject])).toEqual([[company.email, 'Eine neue Chat-Nachricht']]);
    expect(ctx.smtp.messages[0]!.text).toContain(`/advertisements/chat?conversation=${id}`);
    expect(ctx.smtp.messages[0]!.text).not.toContain('Trotzdem da');
  });
});
