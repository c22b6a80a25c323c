import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, MEMBER_ROLES_OF, ORGANISATION_KINDS, type MemberRole, type OrganisationKind } from '@pb/core';
import { createTestContext, type TestContext } from '../../../test/helpers';
import {
  createChatUser,
  createJob,
  insertConversation,
  organisationOf,
  type ChatUser,
} from '../../../test/support/chat-fixtures';
import { connectChat, type ChatClient } from '../../../test/support/socket-client';
import type { UserRole } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isActiveUser } from '../../services/policies';
import { authorizeWriting } from './policy';
import { messageContext, type MessageParties } from './message-context';
import { sendTextMessage } from './send-statement';

/**
 * A socket's text message is checked and written by one statement (service.textMessageStatement),
 * which carries the SQL forms of the account, membership and participant rules. These tests hold them to the
 * JavaScript rules every other path asks (services/policies isActiveUser, ./policy authorizeWriting).
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
  for (const role of ['consultant', 'company', 'admin'] as const)
    senders.set(role, await createChatUser(ctx.app, role));
  otherConsultant = await createChatUser(ctx.app, 'consultant');
  otherCompany = await createChatUser(ctx.app, 'company');
  const job = await createJob(ctx.app.db, otherCompany.id, { jobTitle: 'Regeln' });
  conversationId = await insertConversation(ctx.app.db, {
    jobId: job.id,
    consultantId: otherConsultant.id,
    companyId: otherCompany.id,
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

/** Which organisation a side of the conversation belongs to: the sender's, another one, none. */
type Party = 'sender' | 'other' | 'none';

/** The membership the sender's session acts for: a kind and role, an ended one, or none (with the account's role). */
type MembershipState =
  { kind: OrganisationKind; role: MemberRole } | { ended: true } | { none: 'consultant' | 'admin' };

interface State {
  exists: boolean;
  confirmed: boolean;
  blocked: boolean;
  sameTokenVersion: boolean;
  membership: MembershipState;
  conversationExists: boolean;
  agency: Party;
  company: Party;
}

/** What the JavaScript rules answer: 'written', or the status of the refusal. */
function expected(
  state: State,
  ids: { sender: number; otherAgency: number; otherCompany: number },
): 'written' | number {
  if (!state.exists || !isActiveUser(state) || !state.sameTokenVersion) return 401;
  const m = state.membership;
  const organisation =
    'kind' in m ? { memberId: 1, organisationId: ids.sender, organisationName: '', kind: m.kind, role: m.role } : null;
  const role: UserRole = 'none' in m ? m.none : 'consultant';
  const party = (p: Party, other: number) => (p === 'sender' ? ids.sender : p === 'other' ? other : null);
  const conversation = state.conversationExists
    ? {
        agencyOrganisationId: party(state.agency, ids.otherAgency),
        companyOrganisationId: party(state.company, ids.otherCompany),
      }
    : undefined;
  try {
    authorizeWriting({ role, organisation }, conversation);
    return 'written';
  } catch (error) {
    return (error as AppError).status;
  }
}

/** A fresh consultant and company with a conversation about the company's advertisement `title`. */
async function freshConversation(title: string): Promise<{ consultant: ChatUser; company: ChatUser; chatId: number }> {
  const consultant = await createChatUser(ctx.app, 'consultant');
  const company = await createChatUser(ctx.app, 'company');
  const job = await createJob(ctx.app.db, company.id, { jobTitle: title });
  const chatId = await insertConversation(ctx.app.db, {
    jobId: job.id,
    consultantId: consultant.id,
    companyId: company.id,
  });
  return { consultant, company, chatId };
}

async function messageCount(): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages');
  return row!.n;
}

/** The sender's own organisation (of one) and membership row, which each state rewrites. */
async function senderMembership(sender: ChatUser): Promise<{ organisationId: number; memberId: number }> {
  const [row] = await ctx.database.query<{ organisation_id: number; id: number }>(
    'SELECT organisation_id, id FROM organisation_members WHERE user_id = $1',
    [sender.id],
  );
  return { organisationId: row!.organisation_id, memberId: row!.id };
}

describe('A text message in one statement', () => {
  it('When account, membership and conversation take every state, then the statement writes exactly when the policies allow, and refuses with their answer', async () => {
    // Every combination (1,440), not a sample: a rule that differs in one narrow case is found.
    const booleans = [false, true];
    const parties: Party[] = ['sender', 'other', 'none'];
    const memberships: MembershipState[] = [
      ...ORGANISATION_KINDS.flatMap((kind) => MEMBER_ROLES_OF[kind].map((role) => ({ kind, role }))),
      { ended: true },
      { none: 'consultant' },
      { none: 'admin' },
    ];
    const states: State[] = [];
    for (const exists of booleans)
      for (const confirmed of booleans)
        for (const blocked of booleans)
          for (const sameTokenVersion of booleans)
            for (const membership of memberships)
              for (const conversationExists of booleans)
                for (const agency of conversationExists ? parties : (['none'] as Party[]))
                  for (const company of conversationExists ? parties : (['none'] as Party[]))
                    states.push({
                      exists,
                      confirmed,
                      blocked,
                      sameTokenVersion,
                      membership,
                      conversationExists,
                      agency,
                      company,
                    });
    expect(states).toHaveLength(1440);
    const sender = senders.get('consultant')!;
    const own = await senderMembership(sender);
    const ids = {
      sender: own.organisationId,
      otherAgency: await organisationOf(ctx.app.db, otherConsultant.id),
      otherCompany: await organisationOf(ctx.app.db, otherCompany.id),
    };
    const mismatches: string[] = [];
    for (const state of states) {
      const m = state.membership;
      await ctx.database.query(
        'UPDATE users SET confirmed = $2, blocked = $3, token_version = 5, role = $4 WHERE id = $1',
        [sender.id, state.confirmed, state.blocked, 'none' in m ? m.none : 'consultant'],
      );
      if ('kind' in m)
        await ctx.database.query('UPDATE organisations SET kind = $2 WHERE id = $1', [ids.sender, m.kind]);
      await ctx.database.query('UPDATE organisation_members SET role = $2, left_at = $3 WHERE id = $1', [
        own.memberId,
        'kind' in m ? m.role : 'administrator',
        'ended' in m ? new Date() : null,
      ]);
      await ctx.database.query('UPDATE user_sessions SET organisation_member_id = $2 WHERE id = $1', [
        sender.sessionId,
        'none' in m ? null : own.memberId,
      ]);
      const party = (p: Party, other: number) => (p === 'sender' ? ids.sender : p === 'other' ? other : null);
      await ctx.database.query(
        'UPDATE chat_communications SET agency_organisation_id = $2, company_organisation_id = $3 WHERE id = $1',
        [conversationId, party(state.agency, ids.otherAgency), party(state.company, ids.otherCompany)],
      );
      const before = await messageCount();
      let outcome: 'written' | number;
      try {
        await sendTextMessage(
          ctx.app.db,
          {
            id: state.exists ? sender.id : MISSING,
            tokenVersion: state.sameTokenVersion ? 5 : 4,
            sessionId: sender.sessionId,
          },
          state.conversationExists ? conversationId : MISSING,
          'Regelprüfung',
          messageContext(ctx.app),
        );
        outcome = 'written';
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = error.status;
      }
      const written = (await messageCount()) - before;
      if (outcome !== expected(state, ids) || written !== (outcome === 'written' ? 1 : 0)) {
        mismatches.push(`${JSON.stringify(state)} → ${outcome}, ${written} written`);
      }
    }
    // Back to the sender's own agency, administered by itself, for the tests below.
    await ctx.database.query("UPDATE organisations SET kind = 'agency' WHERE id = $1", [ids.sender]);
    await ctx.database.query("UPDATE organisation_members SET role = 'administrator', left_at = NULL WHERE id = $1", [
      own.memberId,
    ]);
    await ctx.database.query("UPDATE users SET role = 'consultant' WHERE id = $1", [sender.id]);
    await ctx.database.query('UPDATE user_sessions SET organisation_member_id = $2 WHERE id = $1', [
      sender.sessionId,
      own.memberId,
    ]);
    expect(mismatches).toEqual([]);
    // 1,440 combinations: ~12 s alone, 38 s on a busy CI machine — past the default 30 s.
  }, 120_000);

  it('When the message is written, then the sender name, the unread flag and the bell come from the statement', async () => {
    const sender = senders.get('consultant')!;
    await ctx.database.query('UPDATE users SET confirmed = true, blocked = false, token_version = 0 WHERE id = $1', [
      sender.id,
    ]);
    await ctx.database.query(
      'UPDATE chat_communications SET consultant_id = $2, company_id = $3, agency_organisation_id = $4, company_organisation_id = $5, unread_message_p1 = false, unread_message_p2 = false, last_notice_p2_at = now() WHERE id = $1',
      [
        conversationId,
        sender.id,
        otherCompany.id,
        await organisationOf(ctx.app.db, sender.id),
        await organisationOf(ctx.app.db, otherCompany.id),
      ],
    );
    const published: MessageParties[] = [];
    const message = await sendTextMessage(
      ctx.app.db,
      { id: sender.id, tokenVersion: 0, sessionId: sender.sessionId },
      conversationId,
      'Grüß Gott',
      messageContext(ctx.app),
      async (_message, parties) => {
        published.push(parties);
      },
    );
    expect(message).toMatchObject({ chatId: conversationId, userId: sender.id, message: 'Grüß Gott' });
    expect(published).toEqual([
      {
        id: conversationId,
        agencyOrganisationId: await organisationOf(ctx.app.db, sender.id),
        companyOrganisationId: await organisationOf(ctx.app.db, otherCompany.id),
        // Everybody who reads it, from the same statement: the sender's agency and the company.
        readerIds: [sender.id, otherCompany.id].sort((a, b) => a - b),
      },
    ]);
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
    expect(bell).toEqual([
      { title: `Neue Nachricht von ${sender.username}`, body: 'Zum Inserat „Regeln“', mail_due: false },
    ]);
  });

  it("When the company writes, then the consultant's unread flag is set and the bell is the consultant's", async () => {
    const company = senders.get('company')!;
    const consultant = senders.get('consultant')!;
    await ctx.database.query(
      'UPDATE users SET confirmed = true, blocked = false, token_version = 0 WHERE id = ANY($1)',
      [[company.id, consultant.id]],
    );
    await ctx.database.query(
      'UPDATE chat_communications SET consultant_id = $2, company_id = $3, agency_organisation_id = $4, company_organisation_id = $5, unread_message_p1 = false, unread_message_p2 = false, last_notice_p1_at = NULL WHERE id = $1',
      [
        conversationId,
        consultant.id,
        company.id,
        await organisationOf(ctx.app.db, consultant.id),
        await organisationOf(ctx.app.db, company.id),
      ],
    );
    await sendTextMessage(
      ctx.app.db,
      { id: company.id, tokenVersion: 0, sessionId: company.sessionId },
      conversationId,
      'Servus',
      messageContext(ctx.app),
    );
    const [conversation] = await ctx.database.query<{ p1: boolean; p2: boolean }>(
      'SELECT unread_message_p1 AS p1, unread_message_p2 AS p2 FROM chat_communications WHERE id = $1',
      [conversationId],
    );
    expect(conversation).toEqual({ p1: true, p2: false });
    const bell = await ctx.database.query<{ title: string; link: string }>(
      'SELECT title, link FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [consultant.id],
    );
    expect(bell).toEqual([
      { title: `Neue Nachricht von ${company.username}`, link: `/advertisements/chat?conversation=${conversationId}` },
    ]);
    // Never noticed before: a notice was due, so it was queued (and the bell entry's mail taken over).
    const mails = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1 AND event = 'chat.notice'",
      [consultant.email],
    );
    expect(mails).toEqual([{ n: 1 }]);
  });

  it('When the account is blocked after connecting, then the next text message is refused with 401, not written, and the socket closed', async () => {
    const { consultant, chatId } = await freshConversation('Gesperrt');
    const socket = await connectChat(baseUrl, consultant.token);
    sockets.push(socket);
    expect(await socket.emitWithAck('chat:send', { chatId, message: 'Noch erlaubt' })).toMatchObject({
      ok: true,
    });
    await ctx.database.query('UPDATE users SET blocked = true WHERE id = $1', [consultant.id]);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect(await socket.emitWithAck('chat:send', { chatId, message: 'Gesperrt' })).toMatchObject({
      ok: false,
      error: { status: 401 },
    });
    await closed;
    const stored = await ctx.database.query<{ message: string }>(
      'SELECT message FROM chat_messages WHERE chat_id = $1',
      [chatId],
    );
    expect(stored).toEqual([{ message: 'Noch erlaubt' }]);
  });

  it('When a socket sends only blanks, then a participant gets the 400 and an outsider the 404, as if read first', async () => {
    const { consultant, chatId } = await freshConversation('Leer');
    const outsider = await createChatUser(ctx.app, 'consultant');
    const own = await connectChat(baseUrl, consultant.token);
    const stranger = await connectChat(baseUrl, outsider.token);
    sockets.push(own, stranger);
    expect(await own.emitWithAck('chat:send', { chatId, message: '   ' })).toEqual({
      ok: false,
      error: { status: 400, message: CHAT_MSG.messageEmpty },
    });
    expect(await stranger.emitWithAck('chat:send', { chatId, message: '   ' })).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
    await ctx.database.query('UPDATE users SET confirmed = true, blocked = false, token_version = 0 WHERE id = $1', [
      senders.get('admin')!.id,
    ]);
    const admin = await connectChat(baseUrl, senders.get('admin')!.token);
    sockets.push(admin);
    expect(await admin.emitWithAck('chat:send', { chatId, message: '   ' })).toMatchObject({
      ok: false,
      error: { status: 403 },
    });
  });
});
