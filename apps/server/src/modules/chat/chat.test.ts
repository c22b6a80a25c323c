import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, MSG, type ChatConversation, type ChatMessage } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { multipartBody } from '../../../test/support/multipart';
import { createJob, createChatUser, minimalPdf, type ChatUser } from '../../../test/support/chat-fixtures';

let clock = new Date('2026-03-02T08:00:00.000Z');
const tick = (minutes = 1) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

let ctx: TestContext;
let consultant: ChatUser;
let otherConsultant: ChatUser;
let company: ChatUser;
let otherCompany: ChatUser;
let admin: ChatUser;
let jobA: { id: number; jobTitle: string };
let jobB: { id: number; jobTitle: string };
let jobOther: { id: number; jobTitle: string };
let conversationId: number;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  consultant = await createChatUser(ctx.app, 'consultant', 'Anna Beraterin');
  otherConsultant = await createChatUser(ctx.app, 'consultant', 'Bernd Berater');
  company = await createChatUser(ctx.app, 'company', 'Muster Bau GmbH');
  otherCompany = await createChatUser(ctx.app, 'company', 'Andere GmbH');
  admin = await createChatUser(ctx.app, 'admin', 'Admin');
  jobA = await createJob(ctx.app.db, company.id, {
    jobTitle: 'Bilanzbuchhalter/in mit Erfahrung in der Baubranche',
    bonus: 20,
  });
  jobB = await createJob(ctx.app.db, company.id, { jobTitle: 'Lagerleiter/in' });
  jobOther = await createJob(ctx.app.db, otherCompany.id, { jobTitle: 'Kellner/in' });
});
afterAll(async () => {
  await ctx?.close();
});

const inbox = async (user: ChatUser) => {
  const res = await ctx.request({ method: 'GET', url: '/api/chat-communications', token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ChatConversation[]; meta: { pagination: { total: number } } }>();
};
const flags = async (id: number) => {
  const [row] = await ctx.database.query<{ p1: boolean; p2: boolean; ts: Date }>(
    'SELECT unread_message_p1 AS p1, unread_message_p2 AS p2, last_message_timestamp AS ts FROM chat_communications WHERE id = $1',
    [id],
  );
  return row!;
};
const send = (user: ChatUser, id: number, message: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/chat-communications/${id}/messages`,
    token: user.token,
    payload: { message },
  });
/** Starts (or reopens) a conversation: POST /chat-communications as `token`. */
const contact = (token: string, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: '/api/chat-communications', token, payload });
const count = async (table: string) =>
  Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

describe('Conversations', () => {
  it('When a consultant contacts a company about an advertisement, then the conversation starts unread for the company only', async () => {
    tick();
    const res = await contact(consultant.token, {
      advertisement: jobA.id,
      message: 'Guten Tag, ich hätte eine Kandidatin.',
    });
    expect(res.statusCode).toBe(201);
    const conversation = res.json<{ data: ChatConversation }>().data;
    conversationId = conversation.id;
    expect(conversation).toMatchObject({
      chat_sender_p1: consultant.id,
      chat_receiver_p2: company.id,
      unread_message_p1: false,
      unread_message_p2: true,
      unread: false,
      counterpart: { id: company.id, username: company.username },
      advertisement: {
        id: jobA.id,
        jobTitle: jobA.jobTitle,
        placementBonus: 20,
        salary: '48000',
        location: { city: 'Wien' },
      },
      last_message_timestamp: clock.toISOString(),
    });
  });

  it('When the consultant contacts the same advertisement again, then the existing conversation is reused', async () => {
    tick();
    const res = await contact(consultant.token, { advertisement: jobA.id, message: 'Noch eine Frage.' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: ChatConversation }>().data.id).toBe(conversationId);
    expect(await count('chat_communications')).toBe(1);
  });

  it('When a company or an admin tries to start a conversation, then it is refused with 403', async () => {
    for (const user of [company, admin]) {
      const res = await contact(user.token, { advertisement: jobA.id, message: 'Hallo' });
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      payload: { advertisement: jobA.id, message: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('When the advertisement does not exist or the body is incomplete, then it answers 404 or 400', async () => {
    const missing = await contact(consultant.token, { advertisement: 999_999, message: 'Hallo' });
    expect(missing.statusCode).toBe(404);
    const empty = await contact(consultant.token, { advertisement: jobB.id, message: '   ' });
    expect(empty.statusCode).toBe(400);
    const noAd = await contact(consultant.token, { message: 'x' });
    expect(noAd.statusCode).toBe(400);
    expect(await count('chat_communications')).toBe(1);
  });

  it('When several consultants write, then each inbox holds only its own conversations, newest message first', async () => {
    tick();
    const second = await contact(otherConsultant.token, {
      advertisement: jobB.id,
      message: 'Ich habe einen Lagerleiter.',
    });
    expect(second.statusCode).toBe(201);
    tick();
    const third = await contact(consultant.token, { advertisement: jobOther.id, message: 'Servus!' });
    expect(third.statusCode).toBe(201);
    const secondId = second.json<{ data: ChatConversation }>().data.id;
    const thirdId = third.json<{ data: ChatConversation }>().data.id;

    expect((await inbox(company)).data.map((c) => c.id)).toEqual([secondId, conversationId]);
    expect((await inbox(company)).data.map((c) => c.counterpart?.username)).toEqual([
      otherConsultant.username,
      consultant.username,
    ]);
    expect((await inbox(consultant)).data.map((c) => c.id)).toEqual([thirdId, conversationId]);
    expect((await inbox(otherConsultant)).data.map((c) => c.id)).toEqual([secondId]);
    expect((await inbox(otherCompany)).data.map((c) => c.id)).toEqual([thirdId]);
    expect((await inbox(admin)).data).toEqual([]);
    expect((await inbox(company)).data.every((c) => c.unread)).toBe(true);

    // An answer moves the conversation to the top.
    tick();
    expect((await send(company, conversationId, 'Gerne, schicken Sie den Lebenslauf.')).statusCode).toBe(201);
    expect((await inbox(company)).data.map((c) => c.id)).toEqual([conversationId, secondId]);
    expect((await inbox(consultant)).data.map((c) => c.id)).toEqual([conversationId, thirdId]);
  });

  it('When the client filters the inbox by another user, then it still sees only its own conversations', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications?filters[chat_sender_p1][id][$eq]=${otherConsultant.id}`,
      token: consultant.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown[] }>().data).toEqual([]);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/chat-communications?filters[secret][$eq]=1',
      token: consultant.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});

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

  it('When a message holds HTML or is empty or too long, then it is stored as text or refused with 400', async () => {
    const html = '<img src=x onerror="alert(1)"><b>fett</b>';
    const res = await send(consultant, conversationId, html);
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: ChatMessage }>().data.message).toBe(html);
    expect((await send(consultant, conversationId, '   ')).statusCode).toBe(400);
    const long = await send(consultant, conversationId, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: { message: string } }>().error.message).toContain('höchstens');
  });
});

describe('Files', () => {
  let fileId: number;
  const uploadCount = () => count('uploads');
  const storedFiles = () => {
    const dir = path.join(ctx.config.uploadDir);
    if (!existsSync(dir)) return 0;
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  };

  it('When a participant sends PDFs, then the message carries them and both parties can download them', async () => {
    const { payload, headers } = multipartBody(
      [
        { name: 'Lebenslauf Müller.pdf', data: minimalPdf('cv') },
        { name: 'Zeugnis.pdf', data: minimalPdf('zeugnis') },
      ],
      { message: 'Lebenslauf anbei' },
    );
    const res = await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${conversationId}/messages`,
      token: consultant.token,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(201);
    const message = res.json<{ data: ChatMessage }>().data;
    expect(message.file_message).toBe(true);
    expect(message.message).toBe('Lebenslauf anbei');
    expect(message.files.map((f) => [f.name, f.ext, f.mime])).toEqual([
      ['Lebenslauf Müller.pdf', 'pdf', 'application/pdf'],
      ['Zeugnis.pdf', 'pdf', 'application/pdf'],
    ]);
    fileId = message.files[0]!.id;
    expect(message.files[0]!.url).toBe(`/api/files/${fileId}`);

    for (const user of [company, consultant, admin]) {
      const download = await ctx.request({ method: 'GET', url: `/api/files/${fileId}`, token: user.token });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Lebenslauf%20M%C3%BCller.pdf");
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.rawPayload.equals(minimalPdf('cv'))).toBe(true);
    }
  });

  it('When a consultant starts a conversation with files (the contact modal), then the first message carries them', async () => {
    const fresh = await createJob(ctx.app.db, company.id, { jobTitle: 'Mit Datei' });
    const { payload, headers } = multipartBody([{ name: 'cv.pdf', data: minimalPdf('first') }], {
      advertisement: String(fresh.id),
      message: 'Siehe Anhang',
    });
    const res = await ctx.request({
      method: 'POST',
      url: '/api/chat-communications',
      token: consultant.token,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: ChatConversation }>().data.id;
    const messages = await ctx.request({
      method: 'GET',
      url: `/api/chat-communications/${id}/messages`,
      token: company.token,
    });
    const [first] = messages.json<{ data: ChatMessage[] }>().data;
    expect(first).toMatchObject({ message: 'Siehe Anhang', file_message: true });
    expect(first!.files).toHaveLength(1);
  });

  it.each([
    [
      'a sixth file',
      () => Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, data: minimalPdf(String(i)) })),
      MSG.chatTooManyFiles,
    ],
    [
      'a 6 MB file',
      () => [{ name: 'gross.pdf', data: Buffer.concat([minimalPdf(), Buffer.alloc(6 * 1024 * 1024, 32)]) }],
      MSG.fileTooLarge,
    ],
    [
      'an .exe renamed .pdf',
      () => [
        {
          name: 'rechnung.pdf',
          data: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(512, 1)]),
        },
      ],
      MSG.chatWrongType,
    ],
  ])(
    'When a message comes with %s, then it is refused with the spec message and nothing is stored',
    async (_label, files, message) => {
      const beforeUploads = await uploadCount();
      const beforeMessages = await count('chat_messages');
      const beforeFiles = storedFiles();
      const { payload, headers } = multipartBody(files(), { message: 'Dateien' });
      const res = await ctx.request({
        method: 'POST',
        url: `/api/chat-communications/${conversationId}/messages`,
        token: consultant.token,
        payload,
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
      expect(await uploadCount()).toBe(beforeUploads);
      expect(await count('chat_messages')).toBe(beforeMessages);
      expect(storedFiles()).toBe(beforeFiles);
    },
  );

  it('When someone outside the conversation downloads a chat file, then it answers 404 (401 without login)', async () => {
    for (const user of [otherConsultant, otherCompany]) {
      const res = await ctx.request({ method: 'GET', url: `/api/files/${fileId}`, token: user.token });
      expect(res.statusCode).toBe(404);
    }
    expect((await ctx.request({ method: 'GET', url: `/api/files/${fileId}` })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/files/999999', token: consultant.token })).statusCode).toBe(
      404,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/files/abc', token: consultant.token })).statusCode).toBe(400);
  });
});

describe('Authorisation of a conversation', () => {
  const routes = (id: number) =>
    [
      { method: 'GET', url: `/api/chat-communications/${id}` },
      { method: 'PUT', url: `/api/chat-communications/${id}`, payload: { data: { unread_message_p2: false } } },
      { method: 'PUT', url: `/api/chat-communications/${id}/read` },
      { method: 'GET', url: `/api/chat-communications/${id}/messages` },
      { method: 'POST', url: `/api/chat-communications/${id}/messages`, payload: { message: 'Eindringling' } },
    ] as const;

  it('When another consultant or another company uses any conversation route, then it answers 404 and changes nothing', async () => {
    const before = await flags(conversationId);
    const messagesBefore = await count('chat_messages');
    for (const user of [otherConsultant, otherCompany]) {
      for (const route of routes(conversationId)) {
        const res = await ctx.request({ ...route, token: user.token });
        expect(res.statusCode, `${user.role} ${route.method} ${route.url}`).toBe(404);
      }
    }
    const { payload, headers } = multipartBody([{ name: 'a.pdf', data: minimalPdf() }], { message: 'x' });
    const upload = await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${conversationId}/messages`,
      token: otherConsultant.token,
      payload,
      headers,
    });
    expect(upload.statusCode).toBe(404);
    expect(await flags(conversationId)).toEqual(before);
    expect(await count('chat_messages')).toBe(messagesBefore);
  });

  it('When nobody is logged in, then every conversation route answers 401', async () => {
    for (const route of routes(conversationId)) {
      expect((await ctx.request(route)).statusCode).toBe(401);
    }
  });

  it('When an admin looks at a conversation, then reading works but writing is forbidden', async () => {
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/chat-communications/${conversationId}/messages`,
          token: admin.token,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/chat-communications/${conversationId}`, token: admin.token }))
        .statusCode,
    ).toBe(200);
    expect((await send(admin, conversationId, 'Admin hier')).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'PUT', url: `/api/chat-communications/${conversationId}/read`, token: admin.token }))
        .statusCode,
    ).toBe(403);
  });

  it('When a conversation id does not exist or is malformed, then it answers 404 or 400', async () => {
    expect(
      (await ctx.request({ method: 'GET', url: '/api/chat-communications/999999/messages', token: consultant.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/chat-communications/abc/messages', token: consultant.token }))
        .statusCode,
    ).toBe(400);
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
