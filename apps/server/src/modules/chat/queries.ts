import { and, desc, eq, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ChatConversation, ChatMessage } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, chatMessages, users } from '../../db/schema';
import { filesOf } from './files';
import { authorizeReading, authorizeWriting } from './policy';

import { conversationQuery, presentConversation, presentMessage, type Caller, type ConversationRow } from './presenter';

/**
 * Chat reads. Participants: the consultant (chat_sender_p1) and the company owning the
 * advertisement when the conversation started (chat_receiver_p2). Admins may read; only
 * participants may write.
 */

/**
 * What every socket event reads — the account (re-checked each time) and the conversation the
 * event names — in one statement (issue 14: a chat message's latency is mostly its statements;
 * this was two). The gateway prepares it with placeholders.
 */
export function eventContextQuery(db: Db, userId: number | Placeholder, chatId: number | Placeholder) {
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
      conversation: chatCommunications,
    })
    .from(users)
    .leftJoin(chatCommunications, eq(chatCommunications.id, chatId))
    .where(eq(users.id, userId))
    .limit(1);
}

/** The conversation's row, unchecked: the caller asks the policy (./policy) before using it. */
export async function loadConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatCommunications).where(eq(chatCommunications.id, id)).limit(1);
  return row;
}

/** Read access: participants and admins; everybody else gets 404 (existence is not revealed). */
export async function conversationForReading(db: Db, user: Caller, id: number): Promise<ConversationRow> {
  return authorizeReading(user, await loadConversation(db, id));
}

/** Write access: participants only (admins 403, others 404). */
export async function conversationForWriting(db: Db, user: Caller, id: number): Promise<ConversationRow> {
  return authorizeWriting(user, await loadConversation(db, id));
}

export async function conversationView(db: Db, id: number, viewerId: number): Promise<ChatConversation | null> {
  const [row] = await conversationQuery(db).where(eq(chatCommunications.id, id)).limit(1);
  return row ? presentConversation(row, viewerId) : null;
}

/** The query of conversationViews(), built once per database and prepared on the server: it runs after every message. */
const conversationStatements = new WeakMap<Db, ReturnType<typeof prepareConversationStatement>>();

function prepareConversationStatement(db: Db) {
  return conversationQuery(db)
    .where(eq(chatCommunications.id, sql.placeholder('id')))
    .limit(1)
    .prepare('pb_chat_conversation_view');
}

/** One conversation as each of `viewerIds` sees it, from a single query (absent if the conversation is gone). */
export async function conversationViews(
  db: Db,
  id: number,
  viewerIds: number[],
): Promise<Map<number, ChatConversation>> {
  const views = new Map<number, ChatConversation>();
  if (viewerIds.length === 0) return views;
  let statement = conversationStatements.get(db);
  if (!statement) {
    statement = prepareConversationStatement(db);
    conversationStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  if (row) for (const viewerId of viewerIds) views.set(viewerId, presentConversation(row, viewerId));
  return views;
}

export interface InboxQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  start: number;
  limit: number;
}

/** The caller's conversations: as consultant by p1, as company by p2. */
export async function listConversations(
  db: Db,
  user: Caller,
  query: InboxQuery,
): Promise<{ data: ChatConversation[]; total: number }> {
  const scope = or(eq(chatCommunications.consultantId, user.id), eq(chatCommunications.companyId, user.id))!;
  const where = query.where ? and(scope, query.where) : scope;
  const rows = await conversationQuery(db)
    .where(where)
    .orderBy(...query.orderBy, desc(chatCommunications.id))
    .limit(query.limit)
    .offset(query.start);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatCommunications)
    .where(where);
  return { data: rows.map((r) => presentConversation(r, user.id)), total: Number(count?.n ?? 0) };
}

/** One page of messages, oldest to newest; `before` is a message id cursor. */
export async function listMessages(
  db: Db,
  chatId: number,
  page: { before?: number | undefined; limit: number; introductionCvs: boolean },
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
