import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Introduction } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, minimalPdf, type ChatUser } from '../../../test/support/chat-fixtures';
import { multipartBody } from '../../../test/support/multipart';
import { confirmCandidate, TEST_PROFILE } from '../../../test/support/candidate-consent';

/**
 * Issue 28, item 13: an introduction's CV carries the candidate's contact data, which the
 * register shows to the two parties only — never to the back office. The CV is also the
 * chat file of the introduction's message, so every path that serves chat files must keep
 * it from admins too: the file download and the conversation's message list.
 */

let ctx: TestContext;
let company: ChatUser;
let consultant: ChatUser;
let admin: ChatUser;
let introduction: Introduction;
let cvUrl: string;

const CV_BYTES = minimalPdf('Lebenslauf Eva Kandidatin, eva.kandidatin@example.at, +43 664 1234567');

async function messagesAs(user: ChatUser): Promise<ChatMessage[]> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/chat-communications/${introduction.conversationId}/messages`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ChatMessage[] }>().data;
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
  company = await createChatUser(ctx.app, 'company');
  consultant = await createChatUser(ctx.app, 'consultant');
  admin = await createChatUser(ctx.app, 'admin');
  const job = await createJob(ctx.app.db, company.id, { bonus: 12 });
  const body = multipartBody([{ field: 'cv', name: 'Lebenslauf.pdf', data: CV_BYTES }], {
    advertisement: String(job.id),
    firstName: 'Eva',
    lastName: 'Kandidatin',
    email: 'eva.kandidatin@example.at',
    profile: JSON.stringify(TEST_PROFILE),
  });
  const res = await ctx.request({ method: 'POST', url: '/api/introductions', token: consultant.token, ...body });
  expect(res.statusCode, res.body).toBe(201);
  introduction = res.json<{ data: Introduction }>().data;
  cvUrl = introduction.cv!.url;
  // She agrees (issue 35): only then does the company get the CV at all.
  await confirmCandidate(ctx, introduction.id);
});
afterAll(async () => {
  await ctx?.close();
});

describe("An introduction's CV and the back office", () => {
  it('When an admin asks for the CV by its file id, then the answer is 404; its consultant and company download it', async () => {
    const asAdmin = await ctx.request({ method: 'GET', url: cvUrl, token: admin.token });
    expect(asAdmin.statusCode).toBe(404);
    expect(asAdmin.rawPayload.includes(Buffer.from('eva.kandidatin'))).toBe(false);
    for (const party of [company, consultant]) {
      const res = await ctx.request({ method: 'GET', url: cvUrl, token: party.token });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(CV_BYTES)).toBe(true);
    }
  });

  it("When an admin reads the introduction's conversation, then the CV is not among the message's files; the parties see it", async () => {
    const cvId = introduction.cv!.id;
    const adminFiles = (await messagesAs(admin)).flatMap((m) => m.files);
    expect(adminFiles.map((f) => f.id)).not.toContain(cvId);
    for (const party of [company, consultant]) {
      const files = (await messagesAs(party)).flatMap((m) => m.files);
      expect(files.map((f) => f.id)).toContain(cvId);
    }
  });

  it('When a party sends an ordinary file in the same conversation, then the back office still reads that one', async () => {
    const { payload, headers } = multipartBody([{ name: 'Zeugnis.pdf', data: minimalPdf('Zeugnis') }], {
      message: 'Das Zeugnis',
    });
    const sent = await ctx.request({
      method: 'POST',
      url: `/api/chat-communications/${introduction.conversationId}/messages`,
      token: consultant.token,
      payload,
      headers,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const file = sent.json<{ data: ChatMessage }>().data.files[0]!;
    expect((await messagesAs(admin)).flatMap((m) => m.files).map((f) => f.id)).toContain(file.id);
    expect((await ctx.request({ method: 'GET', url: file.url, token: admin.token })).statusCode).toBe(200);
  });
});
