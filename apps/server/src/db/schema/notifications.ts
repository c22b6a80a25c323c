import { bigserial, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationKind } from '@pb/core';
import { created, ts } from './columns';

/** The notification centre: entries, settings per kind, the mail log. */

export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind').$type<NotificationKind>().notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link').notNull(),
  createdAt: created(),
  readAt: ts('read_at'),
  mailDue: boolean('mail_due').notNull().default(false),
  mailedAt: ts('mailed_at'),
});

export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const notificationMailLog = pgTable(
  'notification_mail_log',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    lastMailedAt: ts('last_mailed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
