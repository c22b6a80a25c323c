import { z } from './zod';
import { ALERT_MSG } from './messages';

/**
 * The notification centre (issue 13): the kinds of entries, their channels (in-app only, or
 * in-app and mail), an entry as the bell lists it, and the settings per kind. Every feature
 * writes entries (server: services/notifications); the web shows them under 'Benachrichtigungen'.
 */

export const NOTIFICATION_KINDS = [
  'search_match',
  'bonus_rise',
  'job_deactivated',
  'chat_message',
  'introduction',
  'guarantee',
  'terms',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  search_match: 'Neue passende Inserate (Suchaufträge)',
  bonus_rise: 'Prämie eines gemerkten Inserats erhöht',
  job_deactivated: 'Gemerktes Inserat deaktiviert',
  chat_message: 'Neue Chat-Nachrichten',
  introduction: 'Statusänderungen von Kandidatenvorstellungen',
  guarantee: 'Garantiefälle und Rechnungen',
  terms: 'Änderungen der AGB',
};
/** What the mail channel of a kind does not switch off (shown beside the setting). */
export const NOTIFICATION_KIND_HINTS: Partial<Record<NotificationKind, string>> = {
  introduction: 'Hinweise zu Ihrem Anspruch (z. B. „Bereits bekannt“) senden wir immer auch per E-Mail.',
  guarantee: 'Rechnungen und Entscheidungen über Garantiefälle senden wir immer auch per E-Mail.',
  terms: 'Neue AGB-Fassungen senden wir den Administratoren Ihrer Organisation immer auch per E-Mail.',
};

/** Mails of one kind to one user: at most one per this many minutes, the rest batched into it. */
export const NOTIFICATION_MAIL_INTERVAL_MINUTES = 10;

export const NOTIFICATION_CHANNELS = ['app', 'app_mail'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  app: 'Nur in der App',
  app_mail: 'In der App und per E-Mail',
};

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where the entry leads in the app (a path). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications and the socket event `notification:new`. */
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number() });
export type NotificationList = z.infer<typeof notificationListSchema>;
export const notificationEventSchema = z.object({ notification: notificationSchema.nullable(), unread: z.number() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** GET/PUT /api/notification-settings: the channel per kind. */
export const notificationSettingsSchema = z
  .object(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, z.enum(NOTIFICATION_CHANNELS, { error: ALERT_MSG.invalidFilter })]),
    ) as Record<NotificationKind, z.ZodEnum<{ app: 'app'; app_mail: 'app_mail' }>>,
  )
  .partial()
  .strict();
export type NotificationSettings = Record<NotificationKind, NotificationChannel>;
