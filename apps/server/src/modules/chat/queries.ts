import { and, count, desc, eq, inArray, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { memberMay, type ActiveMembership, type ChatConversation, type ChatMessage } from '@pb/core';
import type { Db } from '../../db/client';
import {
  chatCommunications,
  chatMessages,
  chatReads,
  organisationMembers,
  organisations,
  userSessions,
  users,
} from '../../db/schema';
import { filesOf } from './files';
import type { IntroductionCvAccess } from './policy';
import {
  authorizeReading,
  authorizeWriting,
  memberReadsConversations,
  readerRolesSql,
  sideOf,
  type ConversationSide,
} from './policy';

import {
  conversationQuery,
  presentConversation,
  presentMessage,
  type Caller,
  type ConversationRow,
  type ConversationViewer,
} from './presenter';

/**
 * Chat reads (issue 31): a conversation is read by the members of its agency and its company whose
 * role reads conversations, and by the back office (./policy).
 */

/**
 * What every socket event reads — the account (re-checked each time), the membership its session
 * acts for and the conversation the event names — in one statement (issue 14: a chat message's
 * latency is mostly its statements). The gateway prepares it with placeholders.
 */
export function eventContextQuery(
  db: Db,
  userId: number | Placeholder,
  sessionId: string | Placeholder,
  chatId: number | Placeholder,
) {
  return db
    .select({
      user: {
        id: users.id,
        username: users.username,
        role: users.role,
        tokenVersion: users.tokenVersion,
        blocked: users.blocked,
        confirmed: users.confirmed,
      },
      membership: {
        memberId: organisationMembers.id,
        memberRole: organisationMembers.role,
        organisationId: organisations.id,
        organisationName: organisations.name,
        organisationKind: organisations.kind,
      },
      conversation: chatCommunications,
    })
    .from(users)
    .leftJoin(userSessions, and(eq(userSessions.id, sessionId), eq(userSessions.userId, users.id)))
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.id, userSessions.organisationMemberId),
        eq(organisationMembers.userId, users.id),
        isNull(organisationMembers.leftAt),
      ),
    )
    .leftJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .leftJoin(chatCommunications, eq(chatCommunications.id, chatId))
    .where(eq(users.id, userId))
    .limit(1);
}

/** The conversation's row, unchecked: the caller asks the policy (./policy) before using it. */
export async function loadConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatCommunications).where(eq(chatCommunications.id, id)).limit(1);
  return row;
}

/** Read access: participants and the back office; everybody else gets 404 (existence is not revealed). */
export async function conversationForReading(db: Db, user: Caller, id: number): Promise<ConversationRow> {
  return authorizeReading(user, await loadConversation(db, id));
}

/** Write access: writers only (reading members and the back office 403, others 404). */
export async function conversationForWriting(db: Db, user: Caller, id: number): Promise<ConversationRow> {
  return authorizeWriting(user, await loadConversation(db, id));
}

/** When the person last read the conversation; null: never. */
async function readAtOf(db: Db, chatId: number, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ readAt: chatReads.readAt })
    .from(chatReads)
    .where(and(eq(chatReads.chatId, chatId), eq(chatReads.userId, userId)))
    .limit(1);
  return row?.readAt ?? null;
}

/** The conversation as the caller (acting for the session's organisation) sees it. */
export async function conversationView(db: Db, id: number, user: Caller): Promise<ChatConversation | null> {
  const [row] = await conversationQuery(db).where(eq(chatCommunications.id, id)).limit(1);
  if (!row) return null;
  return presentConversation(row, {
    userId: user.id,
    side: sideOf(user.organisation, row.c),
    readAt: await readAtOf(db, id, user.id),
  });
}

/** The query of conversationViews(), built once per database and prepared on the server: it runs after every message. */
const conversationStatements = new WeakMap<Db, ReturnType<typeof prepareConversationStatement>>();

function prepareConversationStatement(db: Db) {
  return conversationQuery(db)
    .where(eq(chatCommunications.id, sql.placeholder('id')))
    .limit(1)
    .prepare('pb_chat_conversation_view');
}

/**
 * Everybody who reads the conversation: the live members of both organisations whose role reads
 * conversations, each with their side and when they last read it (one statement).
 */
export async function conversationAudience(
  db: Db,
  conversation: Pick<ConversationRow, 'id' | 'agencyOrganisationId' | 'companyOrganisationId'>,
): Promise<ConversationViewer[]> {
  const rows = await db
    .selectDistinctOn([organisationMembers.userId], {
      userId: organisationMembers.userId,
      kind: organisations.kind,
      readAt: chatReads.readAt,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .leftJoin(chatReads, and(eq(chatReads.chatId, conversation.id), eq(chatReads.userId, organisationMembers.userId)))
    .where(
      and(
        isNull(organisationMembers.leftAt),
        or(
          and(eq(organisations.kind, 'agency'), eq(organisations.id, conversation.agencyOrganisationId ?? 0)),
          and(eq(organisations.kind, 'company'), eq(organisations.id, conversation.companyOrganisationId ?? 0)),
        ),
        readerRolesSql(sql`${organisations.kind}`, sql`${organisationMembers.role}`),
      ),
    )
    .orderBy(organisationMembers.userId, organisations.kind);
  return rows.map((r) => ({ userId: r.userId, side: r.kind === 'agency' ? 'agency' : 'company', readAt: r.readAt }));
}

/** One conversation as each viewer sees it, from a single query (absent if the conversation is gone). */
export async function conversationViews(
  db: Db,
  id: number,
  viewers: readonly ConversationViewer[],
): Promise<Map<number, ChatConversation>> {
  const views = new Map<number, ChatConversation>();
  if (viewers.length === 0) return views;
  let statement = conversationStatements.get(db);
  if (!statement) {
    statement = prepareConversationStatement(db);
    conversationStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  if (row) for (const viewer of viewers) views.set(viewer.userId, presentConversation(row, viewer));
  return views;
}

export interface InboxQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  start: number;
  limit: number;
}

/** The conversations of the caller's organisation (none for a role that does not read them). */
export async function listConversations(
  db: Db,
  user: Caller,
  query: InboxQuery,
): Promise<{ data: ChatConversation[]; total: number }> {
  const membership = user.organisation;
  if (!membership || !memberReadsConversations(membership)) return { data: [], total: 0 };
  const side: ConversationSide = membership.kind === 'agency' ? 'agency' : 'company';
  const scope = eq(
    side === 'agency' ? chatCommunications.agencyOrganisationId : chatCommunications.companyOrganisationId,
    membership.organisationId,
  );
  return inboxPage(db, user.id, scope, query, () => side);
}

/**
 * The conversations the person is an assignee of (their own data export, DSGVO Art. 15/20): as the
 * agency's consultant or the company's contact person, whatever organisation they act for now.
 */
export async function listAssignedConversations(
  db: Db,
  userId: number,
  query: InboxQuery,
): Promise<{ data: ChatConversation[]; total: number }> {
  const scope = or(eq(chatCommunications.consultantId, userId), eq(chatCommunications.companyId, userId))!;
  return inboxPage(db, userId, scope, query, (c) => (c.consultantId === userId ? 'agency' : 'company'));
}

/** One page of conversations in `scope` as the person sees them: their side, and their reads from one query. */
async function inboxPage(
  db: Db,
  userId: number,
  scope: SQL,
  query: InboxQuery,
  sideFor: (c: ConversationRow) => ConversationSide,
): Promise<{ data: ChatConversation[]; total: number }> {
  const where = query.where ? and(scope, query.where) : scope;
  const rows = await conversationQuery(db)
    .where(where)
    .orderBy(...query.orderBy, desc(chatCommunications.id))
    .limit(query.limit)
    .offset(query.start);
  const reads =
    rows.length === 0
      ? []
      : await db
          .select({ chatId: chatReads.chatId, readAt: chatReads.readAt })
          .from(chatReads)
          .where(
            and(
              eq(chatReads.userId, userId),
              inArray(
                chatReads.chatId,
                rows.map((r) => r.c.id),
              ),
            ),
          );
  const readAt = new Map(reads.map((r) => [r.chatId, r.readAt]));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatCommunications)
    .where(where);
  return {
    data: rows.map((r) => presentConversation(r, { userId, side: sideFor(r.c), readAt: readAt.get(r.c.id) ?? null })),
    total: Number(count?.n ?? 0),
  };
}

/** One page of messages, oldest to newest; `before` is a message id cursor. */
export async function listMessages(
  db: Db,
  chatId: number,
  page: { before?: number | undefined; limit: number; introductionCvs: IntroductionCvAccess },
): Promise<{ data: ChatMessage[]; hasMore: boolean }> {
  const conditions = [eq(chatMessages.chatId, chatId)];
  if (page.before !== undefined) conditions.push(lt(chatMessages.id, page.before));
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(...conditions))
    .orderBy(desc(chatMessages.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit).reverse();
  const files = await filesOf(
    db,
    pageRows.map((r) => r.id),
    { introductionCvs: page.introductionCvs },
  );
  return { data: pageRows.map((r) => presentMessage(r, files.get(r.id) ?? [])), hasMore };
}

/**
 * Conversations of the member's organisation in which the other side wrote last (the overview,
 * issue 32); 0 for a role that does not write in them.
 */
export async function unansweredConversations(db: Db, membership: ActiveMembership): Promise<number> {
  if (!memberMay(membership, 'conversations.write')) return 0;
  const agency = membership.kind === 'agency';
  const [row] = await db
    .select({ n: count() })
    .from(chatCommunications)
    .where(
      and(
        eq(
          agency ? chatCommunications.agencyOrganisationId : chatCommunications.companyOrganisationId,
          membership.organisationId,
        ),
        agency
          ? sql`${chatCommunications.lastCompanyMessageAt} > coalesce(${chatCommunications.lastAgencyMessageAt}, '-infinity')`
          : sql`${chatCommunications.lastAgencyMessageAt} > coalesce(${chatCommunications.lastCompanyMessageAt}, '-infinity')`,
      ),
    );
  return row?.n ?? 0;
}
