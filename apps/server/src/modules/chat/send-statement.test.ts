import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHAT_MSG } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createChatUser, createJob, type ChatUser } from '../../../test/support/chat-fixtures';
import { connectChat, type ChatClient } from '../../../test/support/socket-client';
import type { UserRole } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isActiveUser } from '../../lib/policies';
import { authorizeWriting } from './policy';
import { messageContext, sendTextMessage } from './service';

/**
 * A socket's text message is checked and written by one statement (service.textMessageStatement),
 * which carries the SQL forms of the account and participant rules. These tests hold them to the
 * JavaScript rules every other path asks (lib/policies isActiveUser, ./policy authorizeWriting).
 */

let ctx: TestContext;
let baseUrl: string;
const senders = new Map<UserRole, ChatUser>();
let otherConsultant: ChatUser;
let otherCompany: ChatUser;
let conversationId: number;
const sockets: ChatClient[] = [];
/** No account and no conversation has this id. */
const MISSING = 2_147_483_647;

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  for (const role of ['consultant', 'company', 'admin'] as const) senders.set(role, await createChatUser(ctx.app, role));
  otherConsultant = await createChatUser(ctx.app, 'consultant');
  otherCompany = await createChatUser(ctx.app, 'company');
  const job = await createJob(ctx.app.db, otherCompany.id, { jobTitle: 'Regeln' });
  const [row] = await ctx.database.query<{ id: number }>(
    'INSERT INTO chat_communications (job_id, consultant_id, company_id) VALUES ($1, $2, $3) RETURNING id',
    [job.id, otherConsultant.id, otherCompany.id],
  );
  conversationId = row!.id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

type Party = 'sender' | 'other' | 'none';

/** What the JavaScript rules answer: 'written', or the status of the refusal. */
function expected(state: {
  exists: boolean;
  confirmed: boolean;
  blocked: boolean;
  sameTokenVersion: boolean;
  role: UserRole;
  conversationExists: boolean;
  consultant: Party;
  company: Party;
}): 'written' | number {
  if (!state.exists || !isActiveUser(state) || !state.sameTokenVersion) return 401;
  const id = 1;
  const party = (p: Party, other: number) => (p === 'sender' ? id : p === 'other' ? other : null);
  const conversation = state.conversationExists
    ? { consultantId: party(state.consultant, 2), companyId: party(state.company, 3) }
    : undefined;
  try {
    authorizeWriting({ id, role: state.role }, conversation);
    return 'written';
  } catch (error) {
    return (error as AppError).status;
  }
}

async function messageCount(): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages');
  return row!.n;
}

describe('A text message in one statement', () => {
  it('When account and conversation take any state, then the statement writes exactly when the policies allow, and refuses with their answer', async () => {
    const party = fc.constantFrom<Party>('sender', 'other', 'none');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          exists: fc.boolean(),
          confirmed: fc.boolean(),
          blocked: fc.boolean(),
          sameTokenVersion: fc.boolean(),
          role: fc.constantFrom<UserRole>('consultant', 'company', 'admin'),
          conversationExists: fc.boolean(),
          consultant: party,
          company: party,
        }),
        async (state) => {
          const sender = senders.get(state.role)!;
          await ctx.database.query('UPDATE users SET confirmed = $2, blocked = $3, token_version = 5 WHERE id = $1', [
            sender.id,
            state.confirmed,
            state.blocked,
          ]);
          const partyId = (p: Party, other: ChatUser) => (p === 'sender' ? sender.id : p === 'other' ? other.id : null);
          await ctx.database.query('UPDATE chat_communications SET consultant_id = $2, company_id = $3 WHERE id = $1', [
            conversationId,
            partyId(state.consultant, otherConsultant),
            partyId(state.company, otherCompany),
          ]);
          const before = await messageCount();
          let outcome: 'written' | number;
          try {
            await sendTextMessage(
              ctx.app.db,
              { id: state.exists ? sender.id : MISSING, tokenVersion: state.sameTokenVersion ? 5 : 4 },
              state.conversationExists ? conversationId : MISSING,
              'Regelprüfung',
              messageContext(ctx.app),
            );
            outcome = 'written';
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            outcome = error.status;
          }
          expect(outcome).toBe(expected(state));
          expect(await messageCount()).toBe(before + (outcome === 'written' ? 1 : 0));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('When the message is written, then the sender name, the unread flag and the bell come from the statement', async () => {
    const sender = senders.get('consultant')!;
    await ctx.database.query('UPDATE users SET confirmed = true, blocked = false, token_version = 0 WHERE id = $1', [
      sender.id,
    ]);
    await ctx.database.query(
      'UPDATE chat_communications SET consultant_id = $2, company_id = $3, unread_message_p1 = false, unread_message_p2 = false, last_notice_p2_at = now() WHERE id = $1',
      [conversationId, sender.id, otherCompany.id],
    );
    const published: Array<[number | null, number | null]> = [];
    const message = await sendTextMessage(
      ctx.app.db,
      { id: sender.id, tokenVersion: 0 },
      conversationId,
      'Grüß Gott',
      messageContext(ctx.app),
      async (_message, parties) => {
        published.push(parties);
      },
    );
    expect(message).toMatchObject({ chatId: conversationId, userId: sender.id, message: 'Grüß Gott' });
    expect(published).toEqual([[sender.id, otherCompany.id]]);
    const [conversation] = await ctx.database.query<{ p1: boolean; p2: boolean }>(
      'SELECT unread_message_p1 AS p1, unread_message_p2 AS p2 FROM chat_communications WHERE id = $1',
      [conversationId],
    );
    expect(conversation).toEqual({ p1: false, p2: true });
    const bell = await ctx.database.query<{ title: string; body: string; mail_due: boolean }>(
      'SELECT title, body, mail_due FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [otherCompany.id],
    );
    // The company's last notice is a moment old: no mail is due for this message.
    expect(bell).toEqual([{ title: `Neue Nachricht von ${sender.username}`, body: 'Zum Inserat „Regeln“', mail_due: false }]);
  });

  it('When a socket sends only blanks, then a participant gets the 400 and an outsider the 404, as if read first', async () => {
    const consultant = await createChatUser(ctx.app, 'consultant');
    const company = await createChatUser(ctx.app, 'company');
    const outsider = await createChatUser(ctx.app, 'consultant');
    const job = await createJob(ctx.app.db, company.id, { jobTitle: 'Leer' });
    const [row] = await ctx.database.query<{ id: number }>(
      'INSERT INTO chat_communications (job_id, consultant_id, company_id) VALUES ($1, $2, $3) RETURNING id',
      [job.id, consultant.id, company.id],
    );
    const own = await connectChat(baseUrl, consultant.token);
    const stranger = await connectChat(baseUrl, outsider.token);
    sockets.push(own, stranger);
    expect(await own.emitWithAck('chat:send', { chatId: row!.id, message: '   ' })).toEqual({
      ok: false,
      error: { status: 400, message: CHAT_MSG.messageEmpty },
    });
    expect(await stranger.emitWithAck('chat:send', { chatId: row!.id, message: '   ' })).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
  });
});
