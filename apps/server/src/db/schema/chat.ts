import { bigserial, bigint, boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { created, ts } from './columns';

/** Conversations, messages and their files. */

export const chatCommunications = pgTable('chat_communications', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id'),
  /** The agency's assignee: the consultant who wrote first, or to whom it was handed over. */
  consultantId: integer('consultant_id'),
  /** The company's assignee: the advertisement's contact person, or to whom it was handed over. */
  companyId: integer('company_id'),
  /** The two organisations of the conversation (0036): their entitled members see it. */
  agencyOrganisationId: integer('agency_organisation_id'),
  companyOrganisationId: integer('company_organisation_id'),
  /** When each side wrote last: a member has unread messages when the other side wrote after their chat_reads entry. */
  lastAgencyMessageAt: ts('last_agency_message_at'),
  lastCompanyMessageAt: ts('last_company_message_at'),
  lastMessageTimestamp: ts('last_message_timestamp').notNull().defaultNow(),
  unreadMessageP1: boolean('unread_message_p1').notNull().default(false),
  unreadMessageP2: boolean('unread_message_p2').notNull().default(true),
  lastNoticeP1At: ts('last_notice_p1_at'),
  lastNoticeP2At: ts('last_notice_p2_at'),
  createdAt: created(),
});

/** When each person last read a conversation (0036): unread is per person. */
export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: integer('chat_id').notNull(),
    userId: integer('user_id').notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

export const chatMessages = pgTable('chat_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chatId: integer('chat_id').notNull(),
  senderId: integer('sender_id'),
  senderUsername: text('sender_username').notNull(),
  message: text('message').notNull().default(''),
  fileMessage: boolean('file_message').notNull().default(false),
  createdAt: created(),
});

export const chatMessageFiles = pgTable(
  'chat_message_files',
  {
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    uploadId: integer('upload_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.uploadId] })],
);
