import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationList,
  type NotificationSettings,
} from '@pb/core';
import type { Db } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema';

/**
 * The notification centre (issue 13): one row per entry, written in the transaction of what
 * caused it; the pump (pump.ts) tells open tabs, the mail sweep (mails.ts) mails the kinds the
 * user wants by mail, batched.
 */

type NotificationRow = typeof notifications.$inferSelect;

/** Every kind is mailed unless switched off (chat messages by the chat's notice, the rest by the mail sweep). */
export const DEFAULT_CHANNELS: NotificationSettings = {
  search_match: 'app_mail',
  bonus_rise: 'app_mail',
  job_deactivated: 'app_mail',
  // Mailed as the chat's own notice (chat/notices.ts), gated by this setting.
  chat_message: 'app_mail',
  introduction: 'app_mail',
  guarantee: 'app_mail',
  // The terms' own mail goes out regardless (terms/commands.ts); the bell entry is not mailed again.
  terms: 'app',
};

export const NOTIFICATION_LIST_LIMIT = 50;

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export async function settingsOf(db: Pick<Db, 'select'>, userId: number): Promise<NotificationSettings> {
  const rows = await db
    .select({ kind: notificationSettings.kind, channel: notificationSettings.channel })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings = { ...DEFAULT_CHANNELS };
  for (const row of rows)
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) settings[row.kind] = row.channel;
  return settings;
}

/** The settings of many users in one statement (a new advertisement may notify thousands). */
async function settingsOfMany(db: Pick<Db, 'select'>, userIds: number[]): Promise<Map<number, NotificationSettings>> {
  const map = new Map(userIds.map((id) => [id, { ...DEFAULT_CHANNELS }]));
  const rows = await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
  for (const row of rows) {
    const settings = map.get(row.userId);
    if (settings && (NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) settings[row.kind] = row.channel;
  }
  return map;
}

export async function saveSettings(
  db: Db,
  userId: number,
  changes: Partial<Record<NotificationKind, NotificationChannel>>,
): Promise<NotificationSettings> {
  await db.transaction(async (tx) => {
    for (const [kind, channel] of Object.entries(changes) as Array<[NotificationKind, NotificationChannel]>) {
      await tx
        .insert(notificationSettings)
        .values({ userId, kind, channel })
        .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: { channel } });
      // Switched to app only: what was waiting for a mail stays in the app.
      if (channel === 'app') {
        await tx
          .update(notifications)
          .set({ mailDue: false })
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), eq(notifications.mailDue, true)));
      }
    }
  });
  return settingsOf(db, userId);
}

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * Writes entries inside the caller's transaction; `mail_due` follows each user's setting for
 * the kind. Returns the rows (the pump announces them to open tabs).
 */
export async function createNotifications(
  tx: Db,
  entries: NewNotification[],
  now: Date,
  /** mail: false — the caller mails on its own (the chat's notice). */
  options: { mail?: boolean } = {},
): Promise<NotificationRow[]> {
  if (entries.length === 0) return [];
  const mail = options.mail !== false;
  // Without mail the settings change nothing: not read (one round trip less on every chat message).
  const channels = mail ? await settingsOfMany(tx, [...new Set(entries.map((e) => e.userId))]) : undefined;
  return tx
    .insert(notifications)
    .values(
      entries.map((entry) => ({
        ...entry,
        createdAt: now,
        mailDue: channels?.get(entry.userId)![entry.kind] === 'app_mail',
      })),
    )
    .returning();
}

export async function unreadCount(db: Pick<Db, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The newest entries and the unread count; `before` pages further back. */
export async function listNotifications(db: Db, userId: number, before?: number): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before === undefined ? undefined : lt(notifications.id, before)))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return { items: rows.map(presentNotification), unread: await unreadCount(db, userId) };
}

/** Marks one own entry (or all) read; another user's entry answers null (404). */
export async function markRead(db: Db, userId: number, id: number | 'all', now: Date): Promise<number | null> {
  if (id === 'all') {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  } else {
    const [row] = await db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    if (!row) return null;
    if (row.readAt === null) {
      await db.update(notifications).set({ readAt: now }).where(eq(notifications.id, id));
    }
  }
  return unreadCount(db, userId);
}
