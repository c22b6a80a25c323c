import { and, asc, eq, exists, inArray, isNull, not, type SQL } from 'drizzle-orm';
import type { ChatFile } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, chatMessageFiles, chatMessages, introductions, uploads } from '../../db/schema';
import { mayReadChatFile, type Caller, type IntroductionCvAccess } from './policy';

/** The files of chat messages: their list in a message and their download (routes in modules/files). */

export function chatFileUrl(id: number): string {
  return `/api/files/${id}`;
}

/** True for an upload that is an introduction's CV (the candidate's contact data, chat/policy). */
function isIntroductionCv(db: Db): SQL {
  return exists(
    db.select({ one: introductions.id }).from(introductions).where(eq(introductions.cvUploadId, uploads.id)),
  );
}

/** True for an introduction's CV whose candidate has not agreed yet (issue 35): the company waits. */
function isWithheldCv(db: Db): SQL {
  return exists(
    db
      .select({ one: introductions.id })
      .from(introductions)
      .where(and(eq(introductions.cvUploadId, uploads.id), isNull(introductions.identityReleasedAt))),
  );
}

/** The files of each message, in order; introductions' CVs only as far as the reader sees those. */
export async function filesOf(
  db: Db,
  messageIds: number[],
  options: { introductionCvs: IntroductionCvAccess },
): Promise<Map<number, ChatFile[]>> {
  const map = new Map<number, ChatFile[]>();
  if (messageIds.length === 0) return map;
  const conditions = [inArray(chatMessageFiles.messageId, messageIds)];
  if (options.introductionCvs === 'none') conditions.push(not(isIntroductionCv(db)));
  if (options.introductionCvs === 'released') conditions.push(not(isWithheldCv(db)));
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
    .where(and(...conditions))
    .orderBy(asc(chatMessageFiles.position));
  for (const r of rows) {
    const list = map.get(r.messageId) ?? [];
    list.push({ id: r.id, name: r.name, ext: r.ext, mime: r.mime, size: r.size, url: chatFileUrl(r.id) });
    map.set(r.messageId, list);
  }
  return map;
}

/** A chat file with the conversation it was sent in (unchecked: the callers below decide). */
async function chatFileWithConversation(db: Db, uploadId: number) {
  const [row] = await db
    .select({
      upload: uploads,
      agencyOrganisationId: chatCommunications.agencyOrganisationId,
      companyOrganisationId: chatCommunications.companyOrganisationId,
      consultantId: chatCommunications.consultantId,
      companyId: chatCommunications.companyId,
      isIntroductionCv: isIntroductionCv(db).mapWith(Boolean),
      cvWithheld: isWithheldCv(db).mapWith(Boolean),
    })
    .from(uploads)
    .innerJoin(chatMessageFiles, eq(chatMessageFiles.uploadId, uploads.id))
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
    .innerJoin(chatCommunications, eq(chatCommunications.id, chatMessages.chatId))
    .where(and(eq(uploads.id, uploadId), eq(uploads.purpose, 'chat_file')))
    .limit(1);
  return row;
}

/**
 * The upload (chat file) if `user` may download it: participants of its conversation, and
 * admins unless it is an introduction's CV (chat/policy mayReadChatFile).
 */
export async function chatFileForDownload(
  db: Db,
  user: Pick<Caller, 'role' | 'organisation'>,
  uploadId: number,
): Promise<typeof uploads.$inferSelect | undefined> {
  const row = await chatFileWithConversation(db, uploadId);
  if (!row || !mayReadChatFile(user, row, { isIntroductionCv: row.isIntroductionCv, withheld: row.cvWithheld })) {
    return undefined;
  }
  return row.upload;
}

/** A chat file of a conversation the person is an assignee of (their own data export). */
export async function assignedChatFile(
  db: Db,
  userId: number,
  uploadId: number,
): Promise<typeof uploads.$inferSelect | undefined> {
  const row = await chatFileWithConversation(db, uploadId);
  if (!row) return undefined;
  // The company's assignee gets a CV only once its candidate agreed (issue 35).
  return row.consultantId === userId || (row.companyId === userId && !row.cvWithheld) ? row.upload : undefined;
}
