import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, ts } from './columns';

/** Stored files (uploads) and storage keys waiting to be swept. */

export type UploadPurpose = 'profile_image' | 'chat_file' | 'job_attachment' | 'guarantee_document';

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id'),
  purpose: text('purpose').$type<UploadPurpose>().notNull(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  ext: text('ext').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: created(),
});

/** Keys whose object may exist without an uploads row (a put given up on, a failed delete); swept hourly. */
export const storageOrphans = pgTable('storage_orphans', {
  storageKey: text('storage_key').primaryKey(),
  notedAt: ts('noted_at').notNull().defaultNow(),
});
