import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
} from '../../db/schema';
import type { CurrentUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { hasRole } from '../../lib/policies';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import { activeBonusSql } from '../jobs/active-bonus';
import { enqueueMail, simpleHtml } from '../mail/outbox';
import { claimMailSlot } from '../alerts/mails';
import { createNotifications, settingsOf } from '../alerts/notifications';
import { unsubscribeApiUrl, unsubscribeUrl } from '../alerts/unsubscribe';
import { authorizeReading, authorizeWriting, mayReadConversation } from './policy';

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
 * this was two). The gateway prepares it with placeholders; the benchmark's floor runs it too.
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

function fileUrl(id: number): string {
  return `/api/files/${id}`;
}

async function filesOf(db: Db, messageIds: number[]): Promise<Map<number, ChatFile[]>> {
  const map = new Map<number, ChatFile[]>();
  if (messageIds.length === 0) return map;
  const rows = await db
    .select({
      messageId: chatMessageFiles.messageId,
      id: uploads.id,
      name: uploads.originalName,
      ext: uploads.ext,
      mime: uploads.mime,
      size: uploads.size,
    })
    .from(chatMessageFiles)
    .innerJoin(uploads, eq(uploads.id, chatMessageFiles.uploadId))
    .where(inArray(chatMessageFiles.messageId, messageIds))
    .orderBy(asc(chatMessageFiles.position));
  for (const r of rows) {
    const list = map.get(r.messageId) ?? [];
    list.push({ id: r.id, name: r.name, ext: r.ext, mime: r.mime, size: r.size, url: fileUrl(r.id) });
    map.set(r.messageId, list);
  }
  return map;
}

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
  page: { before?: number | undefined; limit: number },
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

/**
 * Appends a message and resolves once it is committed and its (rate-limited) mail notice is
 * queued. `published` runs right after the commit, before the notice: the parties hear of the
 * message without waiting for the mail's statements (issue 14: send → receipt).
 *
 * A text message is one statement (writePlainMessage). When a notice may be due, its bell entry
 * is written `mail_due` and the notice follows in a transaction of its own (queueNoticeAfter),
 * which takes the entry's mail over — so a crash or a database error in between loses nothing:
 * the batched notification mail (alerts/mails.ts) sends the entry instead. A message with files
 * is stored first and written, notice included, in ONE transaction (writeMessage).
 */
export async function appendMessage(
  db: Db,
  sender: Caller,
  conversation: ConversationRow,
  input: NewMessage,
  ctx: MessageContext,
  published?: (message: ChatMessage) => Promise<void>,
): Promise<ChatMessage> {
  const text = input.text.trim();
  if (text.length === 0 && input.files.length === 0) throw badRequest(CHAT_MSG.messageEmpty);

  if (input.files.length === 0) {
    const noticeDue = noticeMayBeDue(conversation, sender.id, ctx.now);
    const written = await writePlainMessage(db, sender, conversation, text, ctx.now, noticeDue);
    const message = presentMessage(written.message, []);
    await published?.(message);
    if (written.notificationId !== null && noticeDue) {
      await queueNoticeAfter(db, sender, conversation.id, written.notificationId, ctx);
    }
    return message;
  }
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
  await published?.(message);
  return message;
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
 * Whether a message now may have to queue the recipient's mail notice: only when the last notice
 * to them is older than the interval. The notice times only ever move forward, so a notice that
 * was recent in the row read before the message is still recent when the message commits.
 */
function noticeMayBeDue(conversation: ConversationRow, senderId: number, now: Date): boolean {
  const lastNotice = conversation.consultantId === senderId ? conversation.lastNoticeP2At : conversation.lastNoticeP1At;
  return !lastNotice || now.getTime() - lastNotice.getTime() >= CHAT_NOTICE_INTERVAL_MINUTES * 60_000;
}

/**
 * A text message's rows in ONE statement, so one round trip and its own transaction instead of
 * five (BEGIN, three statements, COMMIT): the message, the counterpart's unread flag and the
 * timestamp, and the recipient's bell entry — `mail_due` when a notice may be due, as the
 * fallback of queueNoticeAfter(). Returns the message and the bell entry's id (null without a
 * recipient: a deleted account).
 */
async function writePlainMessage(
  db: Db,
  sender: Caller,
  conversation: ConversationRow,
  text: string,
  now: Date,
  noticeDue: boolean,
): Promise<{ message: MessageRow; notificationId: number | null }> {
  const result = await db.execute(plainMessageStatement(sender, conversation, text, now, noticeDue));
  const [row] = (result as unknown as { rows: PlainMessageRow[] }).rows;
  return {
    message: {
      id: Number(row!.id),
      chatId: row!.chat_id,
      senderId: row!.sender_id,
      senderUsername: row!.sender_username,
      message: row!.message,
      fileMessage: row!.file_message,
      createdAt: new Date(row!.created_at),
    },
    notificationId: row!.notification_id === null ? null : Number(row!.notification_id),
  };
}

/** The statement of writePlainMessage() (the benchmark's floor runs it too). */
export function plainMessageStatement(
  sender: Caller,
  conversation: ConversationRow,
  text: string,
  now: Date,
  noticeDue: boolean,
): SQL {
  const senderIsConsultant = conversation.consultantId === sender.id;
  const unreadColumn = sql.identifier(senderIsConsultant ? 'unread_message_p2' : 'unread_message_p1');
  const recipientColumn = sql.identifier(senderIsConsultant ? 'company_id' : 'consultant_id');
  return sql`
    WITH message AS (
      INSERT INTO chat_messages (chat_id, sender_id, sender_username, message, file_message, created_at)
      VALUES (${conversation.id}, ${sender.id}, ${sender.username}, ${text}, false, ${now})
      RETURNING id, chat_id, sender_id, sender_username, message, file_message, created_at
    ), conversation AS (
      UPDATE chat_communications SET last_message_timestamp = ${now}, ${unreadColumn} = true
      WHERE id = ${conversation.id}
      RETURNING ${recipientColumn} AS recipient_id,
        (SELECT job_title FROM jobs WHERE jobs.id = chat_communications.job_id) AS job_title
    ), bell AS (
      INSERT INTO notifications (user_id, kind, title, body, link, created_at, mail_due)
      SELECT recipient_id, 'chat_message', ${notificationTitle(sender)},
        'Zum Inserat „' || coalesce(job_title, ${MSG.advertisementGone}) || '“',
        ${notificationLink(conversation.id)}, ${now}, ${noticeDue}
      FROM conversation WHERE recipient_id IS NOT NULL
      RETURNING id
    )
    SELECT message.*, (SELECT id FROM bell) AS notification_id FROM message`;
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
  sender: Caller,
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
      await queueNotice(tx, row, row.consultantId === sender.id ? 'p2' : 'p1', ctx, notificationId);
    });
  } catch (error) {
    ctx.log?.warn({ err: error, conversationId }, 'chat notice not queued now: the batched notification mail sends it');
  }
}

interface PlainMessageRow {
  id: number | string;
  notification_id: number | string | null;
  chat_id: number;
  sender_id: number | null;
  sender_username: string;
  message: string;
  file_message: boolean;
  created_at: Date | string;
}

/** The bell entry of a chat message names the sender and the advertisement, never the text. */
function notificationTitle(sender: Caller): string {
  return `Neue Nachricht von ${sender.username}`;
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
      url: fileUrl(upload!.id),
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
          body: `Zum Inserat „${jobTitle ?? MSG.advertisementGone}“`,
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

/** The upload (chat file) if `user` may download it: participants of its conversation and admins. */
export async function chatFileForDownload(
  db: Db,
  user: Caller,
  uploadId: number,
): Promise<typeof uploads.$inferSelect | undefined> {
  const [row] = await db
    .select({ upload: uploads, consultantId: chatCommunications.consultantId, companyId: chatCommunications.companyId })
    .from(uploads)
    .innerJoin(chatMessageFiles, eq(chatMessageFiles.uploadId, uploads.id))
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
    .innerJoin(chatCommunications, eq(chatCommunications.id, chatMessages.chatId))
    .where(and(eq(uploads.id, uploadId), eq(uploads.purpose, 'chat_file')))
    .limit(1);
  if (!row) return undefined;
  if (!mayReadConversation(user, row)) return undefined;
  return row.upload;
}

/**
 * Command: a consultant contacts the company of an advertisement — opens (or reopens)
 * the conversation and appends the first message (committed before it resolves).
 */
export async function contactCompany(
  db: Db,
  consultant: Caller,
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
