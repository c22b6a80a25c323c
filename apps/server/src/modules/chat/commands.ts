import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { CHAT_MSG, MEMBER_PERMISSION_MSG, memberMay, MSG, type ChatFile, type ChatMessage } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, chatMessageFiles, chatMessages, chatReads, jobs, uploads } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { assertContractRunning } from '../../services/contract';
import { hasRole } from '../../services/policies';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/uploads';
import { createNotifications } from '../../services/notifications/centre';
import { chatFileUrl } from './files';

import type { MessageContext, MessagePublisher, MessageSender, NewMessage } from './message-context';
import { notificationBody, notificationLink, notificationTitle, queueNotice } from './notices';
import { presentMessage, type Caller, type ConversationRow, type MessageRow } from './presenter';
import { isParticipant, sideOf } from './policy';
import { conversationForReading } from './queries';
import { ownershipColumns } from '../jobs';
import { sendTextMessage } from './send-statement';

/** Chat commands: open a conversation, contact a company, append a message (text or with files), mark read. */

/** Records that the caller read the conversation now (unread is per person); an assignee's flag clears too. */
export async function markConversationRead(db: Db, user: Caller, id: number, now: Date): Promise<ConversationRow> {
  const row = await conversationForReading(db, user, id);
  if (!isParticipant(user, row)) throw forbidden();
  await db.transaction(async (tx) => {
    await recordRead(tx, row.id, user.id, now);
    const patch: Partial<Pick<ConversationRow, 'unreadMessageP1' | 'unreadMessageP2'>> = {};
    if (row.consultantId === user.id) patch.unreadMessageP1 = false;
    if (row.companyId === user.id) patch.unreadMessageP2 = false;
    if (Object.keys(patch).length > 0)
      await tx.update(chatCommunications).set(patch).where(eq(chatCommunications.id, id));
  });
  return row;
}

/** The person has read the conversation up to `at`. */
async function recordRead(tx: Db, chatId: number, userId: number, at: Date): Promise<void> {
  await tx
    .insert(chatReads)
    .values({ chatId, userId, readAt: at })
    .onConflictDoUpdate({ target: [chatReads.chatId, chatReads.userId], set: { readAt: at } });
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
  await published?.(message, conversation);
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
 * The rows of one message inside the caller's transaction: the message, its files, the side's
 * time of writing, the sender's read, the other assignee's unread flag, the timestamp and the
 * (rate-limited) mail notice. Other commands (an introduction, 'Bereits bekannt') post into the
 * conversation with it.
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
  const side = sideOf(sender.organisation, conversation);
  if (side === null) throw new Error('chat: a message from outside the conversation');
  const senderIsConsultant = side === 'agency';
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
      ...(senderIsConsultant
        ? { unreadMessageP2: true, lastAgencyMessageAt: ctx.now }
        : { unreadMessageP1: true, lastCompanyMessageAt: ctx.now }),
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
  await recordRead(tx, conversation.id, sender.id, ctx.now);
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
 * A member of an agency starts (or reopens) its conversation about an advertisement; the company
 * is the advertisement's at that moment, its contact person the company's assignee.
 */
export async function openConversation(db: Db, consultant: Caller, jobId: number, now: Date): Promise<ConversationRow> {
  const membership = consultant.organisation;
  if (!hasRole(consultant, 'consultant') || membership?.kind !== 'agency') throw forbidden(CHAT_MSG.consultantOnly);
  if (!memberMay(membership, 'conversations.write')) throw forbidden(MEMBER_PERMISSION_MSG['conversations.write']);
  const [job] = await db.select(ownershipColumns).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job || job.organisationId === null || job.publishedAt === null) throw notFound(MSG.advertisementGone);
  await assertContractRunning(db, [membership.organisationId], now);
  await assertContractRunning(db, [job.organisationId], now, 'counterparty');
  return ensureConversation(
    db,
    {
      jobId,
      agencyOrganisationId: membership.organisationId,
      consultantId: consultant.id,
      companyOrganisationId: job.organisationId,
      companyId: job.ownerId,
    },
    now,
  );
}

/**
 * The agency's conversation about the advertisement, created if missing (also inside a caller's
 * transaction). Two members of one agency opening it at once get the same one: creation is
 * serialised per advertisement and agency by a transaction-scoped advisory lock; the oldest
 * conversation of the pair is the one (decision 0031).
 */
export async function ensureConversation(
  db: Db,
  pair: {
    jobId: number;
    agencyOrganisationId: number;
    /** The agency's assignee when the conversation is new. */
    consultantId: number;
    companyOrganisationId: number;
    companyId: number | null;
  },
  now: Date,
): Promise<ConversationRow> {
  return db.transaction(async (tx) => {
    const key = `chat-conversation:${pair.jobId}:${pair.agencyOrganisationId}`;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const [existing] = await tx
      .select()
      .from(chatCommunications)
      .where(
        and(
          eq(chatCommunications.jobId, pair.jobId),
          eq(chatCommunications.agencyOrganisationId, pair.agencyOrganisationId),
        ),
      )
      .orderBy(asc(chatCommunications.id))
      .limit(1);
    if (existing) return existing;
    const [created] = await tx
      .insert(chatCommunications)
      .values({
        jobId: pair.jobId,
        agencyOrganisationId: pair.agencyOrganisationId,
        consultantId: pair.consultantId,
        companyOrganisationId: pair.companyOrganisationId,
        companyId: pair.companyId,
        lastMessageTimestamp: now,
        unreadMessageP1: false,
        unreadMessageP2: true,
        // A new conversation counts as written by the agency: the company sees it as unread.
        lastAgencyMessageAt: now,
      })
      .returning();
    return created!;
  });
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

/**
 * A leaving member's conversations go to the successor (issue 31 hand-over): on the member's
 * side of every conversation of the organisation, the successor becomes the assignee who gets
 * the bell and the mail notice. Inside the caller's transaction; answers how many moved.
 */
export async function handOverConversations(
  tx: Db,
  input: { organisationId: number; kind: 'company' | 'agency'; fromUserId: number; toUserId: number },
): Promise<number> {
  const agency = input.kind === 'agency';
  const organisation = agency ? chatCommunications.agencyOrganisationId : chatCommunications.companyOrganisationId;
  const assignee = agency ? chatCommunications.consultantId : chatCommunications.companyId;
  const moved = await tx
    .update(chatCommunications)
    .set(agency ? { consultantId: input.toUserId } : { companyId: input.toUserId })
    .where(and(eq(organisation, input.organisationId), eq(assignee, input.fromUserId)))
    .returning({ id: chatCommunications.id });
  return moved.length;
}
