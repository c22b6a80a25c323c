import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, MSG, type ChatConversation, type ChatMessage } from '@pb/core';
import { createJob, minimalPdf } from '../../../test/support/chat-fixtures';
import { chatSuite } from '../../../test/support/chat-suite';
import { multipartBody } from '../../../test/support/multipart';

/**
 * The chat: starting conversations and the inboxes, then on the first conversation the message rules,
 * files and who may use it (the tests after 'Conversations' use the conversation it starts).
 */

let clock = new Date('2026-03-02T08:00:00.000Z');
const tick = (minutes = 1) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

const suite = chatSuite(() => clock);
const { ctx, consultant, otherConsultant, company, otherCompany, admin, jobA, jobB, jobOther } = suite;
const { inbox, flags, send, contact, count } = suite;
let conversationId: number;

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

describe('Messages', () => {
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
