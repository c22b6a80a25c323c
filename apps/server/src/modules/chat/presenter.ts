import { and, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatConversation, ChatFile, ChatMessage } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, chatMessages, jobs, organisations, users } from '../../db/schema';
import type { ConversationSide } from './policy';
import { activeBonusSql } from '../jobs';

/** What leaves the server of a conversation and a message: the rows a conversation is read with, shaped per viewer. */

export type ConversationRow = typeof chatCommunications.$inferSelect;
export type { Caller } from './policy';

const consultantUser = alias(users, 'consultant_user');
const companyUser = alias(users, 'company_user');
const agency = alias(organisations, 'agency');
const company = alias(organisations, 'company');

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
  agencyOrganisation: { id: agency.id, name: agency.name },
  companyOrganisation: { id: company.id, name: company.name },
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
      .leftJoin(agency, eq(agency.id, chatCommunications.agencyOrganisationId))
      .leftJoin(company, eq(company.id, chatCommunications.companyOrganisationId))
  );
}

export type JoinedRow = Awaited<ReturnType<ReturnType<typeof conversationQuery>['execute']>>[number];

/** Who looks at a conversation: the person, the side their organisation is on, when they last read it. */
export interface ConversationViewer {
  userId: number;
  side: ConversationSide | null;
  readAt: Date | null;
}

/** Whether the other side wrote after the viewer last read (unread is per person, issue 31). */
export function isUnreadFor(
  c: Pick<ConversationRow, 'lastAgencyMessageAt' | 'lastCompanyMessageAt'>,
  viewer: ConversationViewer,
): boolean {
  const written =
    viewer.side === 'agency' ? c.lastCompanyMessageAt : viewer.side === 'company' ? c.lastAgencyMessageAt : null;
  return written !== null && (viewer.readAt === null || written > viewer.readAt);
}

/** The conversation as the viewer sees it: the other side (organisation and assignee) and the own unread state. */
export function presentConversation(row: JoinedRow, viewer: ConversationViewer): ChatConversation {
  const c = row.c;
  const viewerIsCompany = viewer.side === 'company';
  const other = viewerIsCompany ? row.consultant : row.company;
  const otherOrganisation = viewerIsCompany ? row.agencyOrganisation : row.companyOrganisation;
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
    advertisementId: c.jobId,
    counterpart: other ? { id: other.id, username: other.username } : null,
    counterpartOrganisation: otherOrganisation ? { id: otherOrganisation.id, name: otherOrganisation.name } : null,
    side: viewer.side,
    chat_sender_p1: c.consultantId,
    chat_receiver_p2: c.companyId,
    last_message_timestamp: c.lastMessageTimestamp.toISOString(),
    unread_message_p1: c.unreadMessageP1,
    unread_message_p2: c.unreadMessageP2,
    unread: isUnreadFor(c, viewer),
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
