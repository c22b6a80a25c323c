import { bigserial, bigint, boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { created, ts } from './columns';

/** Conversations, messages and their files. */

export const chatCommunications = pgTable('chat_communications', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id'),
  consultantId: integer('consultant_id'),
  companyId: integer('company_id'),
  lastMessageTimestamp: ts('last_message_timestamp').notNull().defaultNow(),
  unreadMessageP1: boolean('unread_message_p1').notNull().default(false),
  unreadMessageP2: boolean('unread_message_p2').notNull().default(true),
  lastNoticeP1At: ts('last_notice_p1_at'),
  lastNoticeP2At: ts('last_notice_p2_at'),
  createdAt: created(),
});

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
