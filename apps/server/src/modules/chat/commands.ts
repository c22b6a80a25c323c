import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { CHAT_MSG, MSG, type ChatFile, type ChatMessage } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, chatMessageFiles, chatMessages, jobs, uploads } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { hasRole } from '../../services/policies';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import { createNotifications } from '../../services/notifications/centre';
import { chatFileUrl } from './files';

import type { MessageContext, MessagePublisher, MessageSender, NewMessage } from './message-context';
import { notificationBody, notificationLink, notificationTitle, queueNotice } from './notices';
import { presentMessage, type Caller, type ConversationRow, type MessageRow } from './presenter';
import { conversationForWriting } from './queries';
import { sendTextMessage } from './send-statement';

/** Chat commands: open a conversation, contact a company, append a message (text or with files), mark read. */

/** Clears only the caller's own unread flag. */
export async function markConversationRead(db: Db, user: Caller, id: number): Promise<ConversationRow> {
  const row = await conversationForWriting(db, user, id);
  const patch: Partial<Pick<ConversationRow, 'unreadMessageP1' | 'unreadMessageP2'>> = {};
  if (row.consultantId === user.id) patch.unreadMessageP1 = false;
  if (row.companyId === user.id) patch.unreadMessageP2 = false;
  await db.update(chatCommunications).set(patch).where(eq(chatCommunications.id, id));
  return row;
}

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

  const stored: StagedFile[] = [];
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

/** A file already put into storage, waiting for its database rows. */
export interface StagedFile {
  key: string;
  file: UploadedFile;
}

export async function storeFile(storage: FileStorage, file: UploadedFile): Promise<StagedFile> {
  return { key: await storage.put(file.buffer, file.ext), file };
}

/** Undo for files whose transaction failed (best effort: an orphan file is harmless, a lost one is not). */
export async function removeStoredFiles(storage: FileStorage, stored: readonly StagedFile[]): Promise<void> {
  await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => undefined)));
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
    stored: readonly StagedFile[];
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
