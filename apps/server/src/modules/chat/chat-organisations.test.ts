import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PERMISSION_MSG, type ChatConversation, type ChatMessage } from '@pb/core';
import { jobData } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, nextIp, type TestAccount } from '../../../test/support/account-fixtures';
import { addMember } from '../../../test/support/organisation-fixtures';
import { connectChat, socketSide, type ChatClient } from '../../../test/support/socket-client';

/**
 * Conversations between organisations (issue 31): one conversation per agency and advertisement,
 * seen by the company's members (Buchhaltung reads along) and the agency's administrators and
 * consultants, written by those whose role writes; unread is per person; everybody else — the
 * agency's Buchhaltung, another agency, a removed member — gets 404; messages reach the whole team live.
 */

interface Member {
  jwt: string;
  memberId: number;
}

describe('conversations between an agency and a company', () => {
  let ctx: TestContext;
  const side = socketSide();
  let company: TestAccount;
  let agency: TestAccount;
  let stranger: TestAccount;
  let recruiter: Member;
  let bookkeeper: Member;
  let colleague: Member;
  let agencyBookkeeper: Member;
  let advertisement: number;
  let conversation: number;

  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.request({ method, url, token, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
  const inbox = async (token: string): Promise<ChatConversation[]> =>
    (await call(token, 'GET', '/api/chat-communications')).json().data as ChatConversation[];
  const listen = async (token: string): Promise<{ socket: ChatClient; messages: ChatMessage[] }> => {
    const socket = await connectChat(side.server.baseUrl, token);
    side.sockets.push(socket);
    const messages: ChatMessage[] = [];
    socket.on('chat:message', (message) => messages.push(message));
    return { socket, messages };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await side.listen(ctx.app);
    company = await createAccount(ctx, 'company', 'Hotel Sonnblick');
    agency = await createAccount(ctx, 'consultant', 'Talente Huber');
    stranger = await createAccount(ctx, 'consultant', 'Andere Vermittlung');
    recruiter = await addMember(ctx, company, 'Rita Recruiting', 'recruiting');
    bookkeeper = await addMember(ctx, company, 'Bernd Buchhaltung', 'accounting');
    colleague = await addMember(ctx, agency, 'Klara Kollegin', 'consultant');
    agencyBookkeeper = await addMember(ctx, agency, 'Anton Abrechnung', 'accounting');
    const published = await call(company.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Koch/Köchin' }) });
    advertisement = published.json().data.id as number;
  });
  afterAll(async () => {
    side.closeSockets();
    await ctx?.close();
  });

  it('When two consultants of one agency write about one advertisement, then they share one conversation', async () => {
    const first = await call(agency.jwt, 'POST', '/api/chat-communications', { advertisement, message: 'Grüß Gott!' });
    expect(first.statusCode, first.body).toBe(201);
    conversation = first.json().data.id as number;
    expect(first.json().data).toMatchObject({
      side: 'agency',
      counterpartOrganisation: { name: 'Hotel Sonnblick' },
    });
    const second = await call(colleague.jwt, 'POST', '/api/chat-communications', {
      advertisement,
      message: 'Ich übernehme gerne.',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.id).toBe(conversation);
    const messages = await call(agency.jwt, 'GET', `/api/chat-communications/${conversation}/messages`);
    expect(messages.json().data.map((m: ChatMessage) => m.message)).toEqual(['Grüß Gott!', 'Ich übernehme gerne.']);
  });

  it('When the company’s members open their inbox, then each sees it unread until that person reads it', async () => {
    for (const token of [company.jwt, recruiter.jwt, bookkeeper.jwt]) {
      const [only] = await inbox(token);
      expect(only).toMatchObject({ id: conversation, side: 'company', unread: true });
      expect(only!.counterpartOrganisation).toMatchObject({ name: 'Talente Huber' });
    }
    const read = await call(recruiter.jwt, 'PUT', `/api/chat-communications/${conversation}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect((await inbox(recruiter.jwt))[0]!.unread).toBe(false);
    expect((await inbox(company.jwt))[0]!.unread).toBe(true);
    // The bookkeeper reads along and may mark it read for himself.
    const own = await call(bookkeeper.jwt, 'PUT', `/api/chat-communications/${conversation}/read`);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('When the recruiter answers, then the whole agency hears it live; the bookkeeper may not write', async () => {
    const consultant = await listen(agency.jwt);
    const other = await listen(colleague.jwt);
    const billing = await listen(agencyBookkeeper.jwt);
    const answer = await call(recruiter.jwt, 'POST', `/api/chat-communications/${conversation}/messages`, {
      message: 'Gerne, bitte senden Sie uns Profile.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await expect.poll(() => consultant.messages.length).toBe(1);
    await expect.poll(() => other.messages.length).toBe(1);
    expect(billing.messages).toEqual([]);
    expect((await inbox(colleague.jwt))[0]).toMatchObject({ id: conversation, unread: true });
    const refused = await call(bookkeeper.jwt, 'POST', `/api/chat-communications/${conversation}/messages`, {
      message: 'Darf ich?',
    });
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      MEMBER_PERMISSION_MSG['conversations.write'],
    ]);
    const bySocket = await (
      await listen(bookkeeper.jwt)
    ).socket.emitWithAck('chat:send', {
      chatId: conversation,
      message: 'Über den Socket?',
    });
    expect(bySocket).toMatchObject({ ok: false, error: { status: 403 } });
  });

  it('When the agency’s bookkeeper, another agency or a removed recruiter look, then the conversation does not exist for them', async () => {
    expect(await inbox(agencyBookkeeper.jwt)).toEqual([]);
    expect(await inbox(stranger.jwt)).toEqual([]);
    for (const token of [agencyBookkeeper.jwt, stranger.jwt]) {
      expect((await call(token, 'GET', `/api/chat-communications/${conversation}`)).statusCode).toBe(404);
      expect((await call(token, 'GET', `/api/chat-communications/${conversation}/messages`)).statusCode).toBe(404);
      const write = await call(token, 'POST', `/api/chat-communications/${conversation}/messages`, { message: 'x' });
      expect(write.statusCode).toBe(404);
    }
    const removed = await call(company.jwt, 'DELETE', `/api/organisation/members/${recruiter.memberId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(recruiter.jwt, 'GET', `/api/chat-communications/${conversation}`)).statusCode).toBe(404);
    expect(await inbox(recruiter.jwt)).toEqual([]);
    // What the recruiter wrote stays with the company.
    const messages = await call(company.jwt, 'GET', `/api/chat-communications/${conversation}/messages`);
    expect(messages.json().data).toHaveLength(3);
  });

  it('When two consultants of the agency open a conversation about a new advertisement at once, then there is one', async () => {
    const published = await call(company.jwt, 'POST', '/api/jobs', { data: jobData({ jobTitle: 'Rezeption' }) });
    const id = published.json().data.id as number;
    const answers = await Promise.all(
      [agency.jwt, colleague.jwt, agency.jwt, colleague.jwt].map((token, i) =>
        call(token, 'POST', '/api/chat-communications', { advertisement: id, message: `Anfrage ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.id as number)).size).toBe(1);
    const [count] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_communications WHERE job_id = $1',
      [id],
    );
    expect(count!.n).toBe(1);
  });
});
