import { and, desc, eq, getTableColumns, isNotNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import {
  CHAT_MSG,
  CHAT_NOTICE_INTERVAL_MINUTES,
  MSG,
  type ChatConversation,
  type ChatFile,
  type ChatMessage,
} from '@pb/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  chatCommunications,
  chatMessageFiles,
  chatMessages,
  jobs,
  notifications,
  uploads,
  users,
  type UserRole,
} from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors';
import { activeUserCondition, hasRole, isActiveUser } from '../../services/policies';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import { activeBonusSql } from '../jobs';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { claimMailSlot } from '../../services/notifications/mail-batching';
import { createNotifications, settingsOf } from '../../services/notifications/centre';
import { unsubscribeApiUrl, unsubscribeUrl } from '../../services/notifications/unsubscribe';
import { chatFileUrl, filesOf } from './files';
import { authorizeReading, authorizeWriting, participantCondition } from './policy';

/**
 * Chat use cases. Participants: the consultant (chat_sender_p1) and the company
 * owning the advertisement when the conversation started (chat_receiver_p2).
 * Admins may read; only participants may write.
 */

export type ConversationRow = typeof chatCommunications.$inferSelect;
type Caller = Pick<CurrentUser, 'id' | 'role' | 'username'>;

const consultantUser = alias(users, 'consultant_user');
const companyUser = alias(users, 'company_user');

const conversationColumns = {
  c: chatCommunications,
  job: {
    id: jobs.id,
    jobTitle: jobs.jobTitle,
    street: jobs.street,
    postcode: jobs.postcode,
    city: jobs.city,
    salary: jobs.salary,
    bonus: activeBonusSql,
  },
  consultant: { id: consultantUser.id, username: consultantUser.username },
  company: { id: companyUser.id, username: companyUser.username },
};

function conversationQuery(db: Db) {
  return (
    db
      .select(conversationColumns)
      .from(chatCommunications)
      // A deactivated advertisement counts as gone for the chat (spec: 'Dieses Inserat existiert nicht mehr').
      .leftJoin(jobs, and(eq(jobs.id, chatCommunications.jobId), isNotNull(jobs.publishedAt)))
      .leftJoin(consultantUser, eq(consultantUser.id, chatCommunications.consultantId))
      .leftJoin(companyUser, eq(companyUser.id, chatCommunications.companyId))
  );
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof conversationQuery>['execute']>>[number];

/** The conversation as `viewerId` sees it (counterpart and own unread flag). */
function presentConversation(row: JoinedRow, viewerId: number): ChatConversation {
  const c = row.c;
  const viewerIsCompany = c.companyId === viewerId && c.consultantId !== viewerId;
  const other = viewerIsCompany ? row.consultant : row.company;
  return {
    id: c.id,
    advertisement: row.job
      ? {
          id: row.job.id,
          jobTitle: row.job.jobTitle,
          placementBonus: row.job.bonus === null ? 0 : Number(row.job.bonus),
          location: { street: row.job.street, postcode: row.job.postcode, city: row.job.city },
          salary: row.job.salary,
        }
      : null,
    counterpart: other ? { id: other.id, username: other.username } : null,
    chat_sender_p1: c.consultantId,
    chat_receiver_p2: c.companyId,
    last_message_timestamp: c.lastMessageTimestamp.toISOString(),
    unread_message_p1: c.unreadMessageP1,
    unread_message_p2: c.unreadMessageP2,
    unread: viewerIsCompany ? c.unreadMessageP2 : c.consultantId === viewerId ? c.unreadMessageP1 : false,
  };
}

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

/** Clears only the caller's own unread flag. */
export async function markRead(db: Db, user: Caller, id: number): Promise<ConversationRow> {
  const row = await conversationForWriting(db, user, id);
  const patch: Partial<Pick<ConversationRow, 'unreadMessageP1' | 'unreadMessageP2'>> = {};
  if (row.consultantId === user.id) patch.unreadMessageP1 = false;
  if (row.companyId === user.id) patch.unreadMessageP2 = false;
  await db.update(chatCommunications).set(patch).where(eq(chatCommunications.id, id));
  return row;
}

// ---------------------------------------------------------------- messages

type MessageRow = typeof chatMessages.$inferSelect;

function presentMessage(row: MessageRow, files: ChatFile[]): ChatMessage {
  return {
    messageId: row.id,
    chatId: row.chatId,
    message: row.message,
    username: row.senderUsername,
    userId: row.senderId,
    timestamp: row.createdAt.toISOString(),
    file_message: row.fileMessage,
    files,
  };
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

export interface NewMessage {
  text: string;
  files: UploadedFile[];
}

export interface MessageContext {
  storage: FileStorage;
  publicUrl: string;
  now: Date;
  /** Signs the one-click unsubscribe link of the notice mail (alerts/unsubscribe.ts); none: no link. */
  unsubscribeSecret?: string | undefined;
  /** Where a notice that could not be queued is reported (the batched mail sends it instead). */
  log?: { warn(details: object, message: string): void } | undefined;
}

/** The message context of a request or socket event: storage, public URL and the app clock. */
export function messageContext(app: Pick<FastifyInstance, 'storage' | 'config' | 'now' | 'log'>): MessageContext {
  return {
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    now: app.now(),
    unsubscribeSecret: app.config.jwtSecret,
    log: app.log,
  };
}

/** Who sends a text message: the account and the token version its session carries (re-checked at the write). */
export interface MessageSender {
  id: number;
  tokenVersion: number;
}

/** The parties a committed message is published to: the conversation's consultant and company. */
export type MessageParties = [consultantId: number | null, companyId: number | null];

/** Called right after the commit, before the mail notice: the parties hear of the message first. */
export type MessagePublisher = (message: ChatMessage, parties: MessageParties) => Promise<void>;

/**
 * Appends a message and resolves once it is committed and its (rate-limited) mail notice is
 * queued. `published` runs right after the commit, before the notice: the parties hear of the
 * message without waiting for the mail's statements (issue 14: send → receipt).
 *
 * A text message is sendTextMessage(): one statement. A message with files is stored first and
 * written, notice included, in ONE transaction (writeMessage).
 */
export async function appendMessage(
  db: Db,
  sender: Caller & MessageSender,
  conversation: ConversationRow,
  input: NewMessage,
  ctx: MessageContext,
  published?: MessagePublisher,
): Promise<ChatMessage> {
  const text = input.text.trim();
  if (text.length === 0 && input.files.length === 0) throw badRequest(CHAT_MSG.messageEmpty);
  if (input.files.length === 0) return sendTextMessage(db, sender, conversation.id, text, ctx, published);

  const stored: StoredFile[] = [];
  let message: ChatMessage;
  try {
    for (const file of input.files) stored.push(await storeFile(ctx.storage, file));
    const written = await db.transaction((tx) => writeMessage(tx, sender, conversation, { text, stored }, ctx));
    message = presentMessage(written.message, written.files);
  } catch (error) {
    await removeStoredFiles(ctx.storage, stored);
    throw error;
  }
  await published?.(message, [conversation.consultantId, conversation.companyId]);
  return message;
}

/**
 * A text message (`text` trimmed, not empty) in ONE statement that checks and writes at once
 * (textMessageStatement): the sender must still be active with the session's token version and
 * a participant of the conversation, as the event's read used to establish in a round trip of
 * its own (issue 14: that read was half a message's database time). When the statement refuses,
 * its answer says why, and the same policies as everywhere else (services/policies, ./policy) turn
 * that into 401, 404 or 403.
 *
 * The recipient's bell entry is written `mail_due` when a notice may be due, and the notice
 * follows in a transaction of its own (queueNoticeAfter), which takes the entry's mail over —
 * so a crash or a database error in between loses nothing: the batched notification mail
 * (alerts/mails.ts) sends the entry instead.
 */
export async function sendTextMessage(
  db: Db,
  sender: MessageSender,
  conversationId: number,
  text: string,
  ctx: MessageContext,
  published?: MessagePublisher,
): Promise<ChatMessage> {
  let statement = textMessageStatements.get(db);
  if (!statement) {
    statement = prepareTextMessageStatement(db);
    textMessageStatements.set(db, statement);
  }
  const result = await statement.execute(textMessageValues(sender, conversationId, text, ctx.now));
  const [row] = (result as { rows: TextMessageRow[] }).rows;
  if (!row || row.id === null) throw refusalOf(row, sender);
  const message = presentMessage(
    {
      id: Number(row.id),
      chatId: row.chat_id!,
      senderId: row.sender_id,
      senderUsername: row.sender_username!,
      message: row.message!,
      fileMessage: row.file_message!,
      createdAt: new Date(row.created_at!),
    },
    [],
  );
  await published?.(message, [row.consultant_id, row.company_id]);
  if (row.notification_id !== null && row.notice_due) {
    await queueNoticeAfter(db, sender.id, conversationId, Number(row.notification_id), ctx);
  }
  return message;
}

/** What textMessageStatement answers: the facts it decided on and, when it wrote, the message. */
interface TextMessageRow {
  account_id: number | null;
  account_role: UserRole | null;
  account_token_version: number | null;
  account_confirmed: boolean | null;
  account_blocked: boolean | null;
  conversation_id: number | null;
  consultant_id: number | null;
  company_id: number | null;
  notice_due: boolean | null;
  id: number | string | null;
  chat_id: number | null;
  sender_id: number | null;
  sender_username: string | null;
  message: string | null;
  file_message: boolean | null;
  created_at: Date | string | null;
  notification_id: number | string | null;
}

/** Why the statement wrote nothing, in the policies' words (the same order as a read first: 401, 404, 403). */
function refusalOf(row: TextMessageRow | undefined, sender: MessageSender): Error {
  if (
    !row ||
    row.account_id === null ||
    !isActiveUser({ confirmed: row.account_confirmed === true, blocked: row.account_blocked !== false }) ||
    row.account_token_version !== sender.tokenVersion
  ) {
    return unauthorized();
  }
  const conversation =
    row.conversation_id === null ? undefined : { consultantId: row.consultant_id, companyId: row.company_id };
  authorizeWriting({ id: row.account_id, role: row.account_role! }, conversation);
  // The SQL forms of the rules disagree with the JavaScript ones (send-statement.test.ts holds them together).
  return new Error('chat: the message statement refused a sender the policies allow');
}

/** The values of textMessageStatement(): one message. */
export interface TextMessageValues {
  senderId: number;
  tokenVersion: number;
  conversationId: number;
  text: string;
  now: Date;
  /** A recipient last noticed before this may be due a notice (CHAT_NOTICE_INTERVAL_MINUTES). */
  noticeBefore: Date;
  link: string;
}

export function textMessageValues(
  sender: MessageSender,
  conversationId: number,
  text: string,
  now: Date,
): TextMessageValues & Record<string, unknown> {
  return {
    senderId: sender.id,
    tokenVersion: sender.tokenVersion,
    conversationId,
    text,
    now,
    noticeBefore: new Date(now.getTime() - CHAT_NOTICE_INTERVAL_MINUTES * 60_000),
    link: notificationLink(conversationId),
  };
}

type TextMessageParams = { [K in keyof TextMessageValues]: TextMessageValues[K] | Placeholder };

/** Every value of textMessageStatement() as a placeholder of the same name: the statement to prepare. */
const TEXT_MESSAGE_PLACEHOLDERS = Object.fromEntries(
  (['senderId', 'tokenVersion', 'conversationId', 'text', 'now', 'noticeBefore', 'link'] as const).map((name) => [
    name,
    sql.placeholder(name),
  ]),
) as Record<keyof TextMessageValues, Placeholder>;

/**
 * The statement, prepared on the server once per database handle (named, so PostgreSQL plans it
 * once per connection: planning was ~40 % of its time, p50 0.75 → 0.45 ms through node-postgres).
 * Raw SQL has no query builder to prepare it, so it goes to the session as the builders' own
 * prepare() does.
 */
const textMessageStatements = new WeakMap<Db, ReturnType<typeof prepareTextMessageStatement>>();

function prepareTextMessageStatement(db: Db) {
  const query = new PgDialect().sqlToQuery(textMessageStatement(TEXT_MESSAGE_PLACEHOLDERS));
  return db._.session.prepareQuery(query, undefined, 'pb_chat_text_message', false);
}

/**
 * The statement of sendTextMessage() (the benchmark's floor runs it too): reads the sender's
 * account and the conversation, and — only if the account is active with this token version
 * (activeUserCondition) and a participant (participantCondition) — writes the message, the
 * counterpart's unread flag and the timestamp, and the recipient's bell entry (`mail_due` when
 * their last notice is older than the interval). One round trip, its own transaction.
 */
export function textMessageStatement(v: TextMessageParams): SQL {
  return sql`
    WITH account AS (
      SELECT id, username, role, token_version, confirmed, blocked, ${activeUserCondition} AS active
      FROM users WHERE id = ${v.senderId}
    ), conversation AS (
      SELECT id, consultant_id, company_id, last_notice_p1_at, last_notice_p2_at,
        ${participantCondition(v.senderId)} AS participant,
        consultant_id IS NOT DISTINCT FROM ${v.senderId} AS from_consultant
      FROM chat_communications WHERE id = ${v.conversationId}
    ), allowed AS (
      SELECT account.id AS sender_id, account.username AS sender_username, conversation.id AS chat_id,
        conversation.from_consultant,
        CASE WHEN conversation.from_consultant THEN conversation.company_id ELSE conversation.consultant_id END
          AS recipient_id,
        coalesce(CASE WHEN conversation.from_consultant
          THEN conversation.last_notice_p2_at ELSE conversation.last_notice_p1_at END <= ${v.noticeBefore}, true)
          AS notice_due
      FROM account, conversation
      WHERE account.active AND account.token_version = ${v.tokenVersion} AND conversation.participant
    ), message AS (
      INSERT INTO chat_messages (chat_id, sender_id, sender_username, message, file_message, created_at)
      SELECT chat_id, sender_id, sender_username, ${v.text}, false, ${v.now} FROM allowed
      RETURNING id, chat_id, sender_id, sender_username, message, file_message, created_at
    ), touched AS (
      UPDATE chat_communications SET last_message_timestamp = ${v.now},
        unread_message_p2 = unread_message_p2 OR allowed.from_consultant,
        unread_message_p1 = unread_message_p1 OR NOT allowed.from_consultant
      FROM allowed WHERE chat_communications.id = allowed.chat_id
      RETURNING (SELECT job_title FROM jobs WHERE jobs.id = chat_communications.job_id) AS job_title
    ), bell AS (
      INSERT INTO notifications (user_id, kind, title, body, link, created_at, mail_due)
      SELECT allowed.recipient_id, 'chat_message', ${BELL_TEXT.titleBefore} || allowed.sender_username,
        ${BELL_TEXT.bodyBefore} || coalesce(touched.job_title, ${MSG.advertisementGone}) || ${BELL_TEXT.bodyAfter},
        ${v.link}, ${v.now}, allowed.notice_due
      FROM allowed, touched WHERE allowed.recipient_id IS NOT NULL
      RETURNING id
    )
    SELECT account.id AS account_id, account.role AS account_role, account.token_version AS account_token_version,
      account.confirmed AS account_confirmed, account.blocked AS account_blocked,
      conversation.id AS conversation_id, conversation.consultant_id, conversation.company_id,
      allowed.notice_due, message.*, (SELECT id FROM bell) AS notification_id
    FROM (VALUES (1)) AS one (x)
      LEFT JOIN account ON true LEFT JOIN conversation ON true
      LEFT JOIN allowed ON true LEFT JOIN message ON true`;
}

/** A file already put into storage, waiting for its database rows. */
export interface StoredFile {
  key: string;
  file: UploadedFile;
}

export async function storeFile(storage: FileStorage, file: UploadedFile): Promise<StoredFile> {
  return { key: await storage.put(file.buffer, file.ext), file };
}

/** Undo for files whose transaction failed (best effort: an orphan file is harmless, a lost one is not). */
export async function removeStoredFiles(storage: FileStorage, stored: readonly StoredFile[]): Promise<void> {
  await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => undefined)));
}

/**
 * The notice of a committed text message, in a transaction of its own: it first takes over the
 * bell entry's mail (the batched mail may have sent it meanwhile — then nothing more is due),
 * locks the conversation (two messages at once: the second sees the first's notice) and queues
 * the notice as writeMessage() does. A failure is logged, not thrown: the message is committed
 * and delivered, and its entry stays `mail_due`, so the batched mail sends it.
 */
async function queueNoticeAfter(
  db: Db,
  senderId: number,
  conversationId: number,
  notificationId: number,
  ctx: MessageContext,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(notifications)
        .set({ mailDue: false })
        .where(and(eq(notifications.id, notificationId), eq(notifications.mailDue, true)))
        .returning({ id: notifications.id });
      if (!taken) return;
      const [row] = await tx
        .select()
        .from(chatCommunications)
        .where(eq(chatCommunications.id, conversationId))
        .for('update');
      if (!row) return;
      await queueNotice(tx, row, row.consultantId === senderId ? 'p2' : 'p1', ctx, notificationId);
    });
  } catch (error) {
    ctx.log?.warn({ err: error, conversationId }, 'chat notice not queued now: the batched notification mail sends it');
  }
}

/**
 * The bell entry of a chat message names the sender and the advertisement, never the text; the
 * pieces once, for writeMessage() here and textMessageStatement()'s SQL.
 */
const BELL_TEXT = { titleBefore: 'Neue Nachricht von ', bodyBefore: 'Zum Inserat „', bodyAfter: '“' } as const;

function notificationTitle(sender: Caller): string {
  return BELL_TEXT.titleBefore + sender.username;
}

function notificationBody(jobTitle: string | null): string {
  return BELL_TEXT.bodyBefore + (jobTitle ?? MSG.advertisementGone) + BELL_TEXT.bodyAfter;
}

function notificationLink(conversationId: number): string {
  return `/advertisements/chat?conversation=${conversationId}`;
}

/**
 * The rows of one message inside the caller's transaction: the message, its files, the
 * counterpart's unread flag, the timestamp and the (rate-limited) mail notice. Other
 * commands (an introduction, 'Bereits bekannt') post into the conversation with it.
 */
export async function writeMessage(
  tx: Db,
  sender: Caller,
  conversation: ConversationRow,
  input: {
    text: string;
    stored: readonly StoredFile[];
    /** false when the caller queues its own, more specific mail (an introduction, 'Bereits bekannt'). */
    notify?: boolean;
  },
  ctx: MessageContext,
): Promise<{ message: MessageRow; files: ChatFile[]; presented: ChatMessage }> {
  const senderIsConsultant = conversation.consultantId === sender.id;
  const [message] = await tx
    .insert(chatMessages)
    .values({
      chatId: conversation.id,
      senderId: sender.id,
      senderUsername: sender.username,
      message: input.text,
      fileMessage: input.stored.length > 0,
      createdAt: ctx.now,
    })
    .returning();
  const files: ChatFile[] = [];
  for (const [position, item] of input.stored.entries()) {
    const [upload] = await tx
      .insert(uploads)
      .values({
        ownerId: sender.id,
        purpose: 'chat_file',
        storageKey: item.key,
        originalName: item.file.filename,
        ext: item.file.ext,
        mime: item.file.mime,
        size: item.file.size,
      })
      .returning();
    await tx.insert(chatMessageFiles).values({ messageId: message!.id, uploadId: upload!.id, position });
    files.push({
      id: upload!.id,
      name: upload!.originalName,
      ext: upload!.ext,
      mime: upload!.mime,
      size: upload!.size,
      url: chatFileUrl(upload!.id),
    });
  }
  const [row] = await tx
    .update(chatCommunications)
    .set({
      lastMessageTimestamp: ctx.now,
      ...(senderIsConsultant ? { unreadMessageP2: true } : { unreadMessageP1: true }),
    })
    .where(eq(chatCommunications.id, conversation.id))
    // The advertisement's title for the bell in the same round trip (one statement less per message).
    .returning({
      ...getTableColumns(chatCommunications),
      jobTitle: sql<
        string | null
      >`(select ${jobs.jobTitle} from ${jobs} where ${jobs.id} = ${chatCommunications.jobId})`,
    });
  const { jobTitle, ...updated } = row!;
  // The bell (issue 13): the recipient's notification centre names sender and advertisement, never the text.
  const recipientId = senderIsConsultant ? updated.companyId : updated.consultantId;
  let notificationId: number | undefined;
  if (recipientId !== null) {
    const [notification] = await createNotifications(
      tx,
      [
        {
          userId: recipientId,
          kind: 'chat_message',
          title: notificationTitle(sender),
          body: notificationBody(jobTitle),
          link: notificationLink(updated.id),
        },
      ],
      ctx.now,
      { mail: false },
    );
    notificationId = notification?.id;
  }
  if (input.notify !== false) {
    await queueNotice(tx, updated, senderIsConsultant ? 'p2' : 'p1', ctx, notificationId);
  }
  return { message: message!, files, presented: presentMessage(message!, files) };
}

/** Queues "Neue Nachricht zu '…'" for the recipient, at most once per 15 minutes per conversation. */
async function queueNotice(
  tx: Db,
  row: ConversationRow,
  recipient: 'p1' | 'p2',
  ctx: MessageContext,
  notificationId: number | undefined,
): Promise<void> {
  const recipientId = recipient === 'p1' ? row.consultantId : row.companyId;
  if (recipientId === null) return;
  const lastNotice = recipient === 'p1' ? row.lastNoticeP1At : row.lastNoticeP2At;
  if (lastNotice && ctx.now.getTime() - lastNotice.getTime() < CHAT_NOTICE_INTERVAL_MINUTES * 60_000) return;
  const [user] = await tx
    .select({ email: users.email, blocked: users.blocked })
    .from(users)
    .where(eq(users.id, recipientId))
    .limit(1);
  if (!user || user.blocked) return;
  // The chat's notice is the mail channel of 'chat_message': off when the user chose the app only,
  // and at most one per user every 10 minutes across conversations (alerts/mails.ts's claim).
  if ((await settingsOf(tx, recipientId)).chat_message === 'app') return;
  if (!(await claimMailSlot(tx, recipientId, 'chat_message', ctx.now))) {
    // Another conversation's notice went out less than 10 minutes ago: this one goes batched
    // with the next notification mail (alerts/mails.ts) instead of being lost.
    if (notificationId !== undefined) {
      await tx.update(notifications).set({ mailDue: true }).where(eq(notifications.id, notificationId));
    }
    return;
  }
  const [job] = row.jobId
    ? await tx.select({ jobTitle: jobs.jobTitle }).from(jobs).where(eq(jobs.id, row.jobId)).limit(1)
    : [];
  const title = job?.jobTitle ?? MSG.advertisementGone;
  const link = `${ctx.publicUrl}/advertisements/chat?conversation=${row.id}`;
  const paragraphs = [
    'Guten Tag,',
    `Sie haben auf der Prämienbörse eine neue Nachricht zum Inserat „${title}“ erhalten.`,
    `Sie können die Nachricht hier lesen und beantworten: ${link}`,
  ];
  const unsubscribe = ctx.unsubscribeSecret
    ? {
        page: unsubscribeUrl(ctx.publicUrl, ctx.unsubscribeSecret, recipientId, 'chat_message'),
        api: unsubscribeApiUrl(ctx.publicUrl, ctx.unsubscribeSecret, recipientId, 'chat_message'),
      }
    : undefined;
  await enqueueMail(tx, {
    event: 'chat.notice',
    to: user.email,
    subject: `Neue Nachricht zu '${title}'`,
    text: [...paragraphs, ...(unsubscribe ? [`Keine E-Mails zu Chat-Nachrichten mehr: ${unsubscribe.page}`] : [])].join(
      '\n\n',
    ),
    html: simpleHtml(paragraphs.slice(0, 2), { href: link, label: 'Zur Nachricht' }),
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe.api}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  });
  await tx
    .update(chatCommunications)
    .set(recipient === 'p1' ? { lastNoticeP1At: ctx.now } : { lastNoticeP2At: ctx.now })
    .where(eq(chatCommunications.id, row.id));
}

/**
 * A consultant starts (or reopens) the conversation about an advertisement; the
 * company is the advertisement's owner at that moment.
 */
export async function openConversation(db: Db, consultant: Caller, jobId: number, now: Date): Promise<ConversationRow> {
  if (!hasRole(consultant, 'consultant')) throw forbidden(CHAT_MSG.consultantOnly);
  const [job] = await db
    .select({ id: jobs.id, ownerId: jobs.ownerId, publishedAt: jobs.publishedAt })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  if (!job || job.ownerId === null || job.publishedAt === null) throw notFound(MSG.advertisementGone);
  return ensureConversation(db, { jobId, consultantId: consultant.id, companyId: job.ownerId }, now);
}

/** The conversation of consultant and advertisement, created if missing (also inside a caller's transaction). */
export async function ensureConversation(
  db: Db,
  pair: { jobId: number; consultantId: number; companyId: number },
  now: Date,
): Promise<ConversationRow> {
  await db
    .insert(chatCommunications)
    .values({
      jobId: pair.jobId,
      consultantId: pair.consultantId,
      companyId: pair.companyId,
      lastMessageTimestamp: now,
      unreadMessageP1: false,
      unreadMessageP2: true,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(chatCommunications)
    .where(and(eq(chatCommunications.jobId, pair.jobId), eq(chatCommunications.consultantId, pair.consultantId)))
    .limit(1);
  return row!;
}

/**
 * Command: a consultant contacts the company of an advertisement — opens (or reopens)
 * the conversation and appends the first message (committed before it resolves).
 */
export async function contactCompany(
  db: Db,
  consultant: Caller & MessageSender,
  jobId: number,
  input: NewMessage,
  ctx: MessageContext,
  published?: (message: ChatMessage, conversation: ConversationRow) => Promise<void>,
): Promise<{ conversation: ConversationRow; message: ChatMessage }> {
  const conversation = await openConversation(db, consultant, jobId, ctx.now);
  const message = await appendMessage(
    db,
    consultant,
    conversation,
    input,
    ctx,
    published && ((committed) => published(committed, conversation)),
  );
  return { conversation, message };
}
