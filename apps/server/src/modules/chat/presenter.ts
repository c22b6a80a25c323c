import { and, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatConversation, ChatFile, ChatMessage } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, chatMessages, jobs, users } from '../../db/schema';
import type { CurrentUser } from '../../services/auth';
import { activeBonusSql } from '../jobs';

/** What leaves the server of a conversation and a message: the rows a conversation is read with, shaped per viewer. */

export type ConversationRow = typeof chatCommunications.$inferSelect;
export type Caller = Pick<CurrentUser, 'id' | 'role' | 'username'>;

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

export function conversationQuery(db: Db) {
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
export function presentConversation(row: JoinedRow, viewerId: number): ChatConversation {
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

export type MessageRow = typeof chatMessages.$inferSelect;

export function presentMessage(row: MessageRow, files: ChatFile[]): ChatMessage {
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
