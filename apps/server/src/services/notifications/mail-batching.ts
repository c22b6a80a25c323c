import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_MAIL_INTERVAL_MINUTES, type NotificationKind } from '@pb/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifications, users } from '../../db/schema';
import { enqueueMail, simpleHtml } from '../mail-outbox';
import { unsubscribeApiUrl, unsubscribeUrl } from './unsubscribe';

/**
 * Notification mails, batched: at most one mail per user and kind every 10 minutes; what comes
 * in between goes into the next one. The (user, kind) row of notification_mail_log is the claim:
 * only the instance whose upsert moves it forward sends, so two instances never both mail.
 */

export interface MailSweepContext {
  now: Date;
  publicUrl: string;
  secret: string;
}

const SUBJECTS: Record<NotificationKind, (n: number) => string> = {
  search_match: (n) => (n === 1 ? 'Ein neues passendes Inserat' : `${n} neue passende Inserate`),
  bonus_rise: () => 'Prämie eines gemerkten Inserats erhöht',
  job_deactivated: () => 'Gemerktes Inserat deaktiviert',
  chat_message: (n) => (n === 1 ? 'Eine neue Chat-Nachricht' : `${n} neue Chat-Nachrichten`),
  introduction: () => 'Neuigkeiten zu Ihren Kandidatenvorstellungen',
  guarantee: () => 'Neuigkeiten zu Garantiefällen und Rechnungen',
  terms: () => 'Änderung der AGB der Prämienbörse',
};

/**
 * Claims the (user, kind) mail slot: true when no mail of the kind went to the user in the last
 * 10 minutes (and records this one). The row lock makes two instances agree.
 */
export async function claimMailSlot(tx: Db, userId: number, kind: NotificationKind, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_MAIL_INTERVAL_MINUTES * 60_000);
  const claimed = rowsOf<{ user_id: number }>(
    await tx.execute(sql`
      INSERT INTO notification_mail_log (user_id, kind, last_mailed_at)
      VALUES (${userId}, ${kind}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (user_id, kind) DO UPDATE SET last_mailed_at = EXCLUDED.last_mailed_at
      WHERE notification_mail_log.last_mailed_at <= ${cutoff.toISOString()}::timestamptz
      RETURNING user_id`),
  );
  return claimed.length > 0;
}

/** Sends what is due; returns the number of mails queued. */
export async function sendDueNotificationMails(db: Db, context: MailSweepContext, limit = 100): Promise<number> {
  const cutoff = new Date(context.now.getTime() - NOTIFICATION_MAIL_INTERVAL_MINUTES * 60_000);
  const pairs = rowsOf<{ user_id: number; kind: NotificationKind }>(
    await db.execute(sql`
      SELECT DISTINCT n.user_id, n.kind FROM notifications n
      WHERE n.mail_due AND NOT EXISTS (
        SELECT 1 FROM notification_mail_log l
        WHERE l.user_id = n.user_id AND l.kind = n.kind AND l.last_mailed_at > ${cutoff.toISOString()}::timestamptz)
      LIMIT ${limit}`),
  );
  let sent = 0;
  for (const pair of pairs) {
    const userId = Number(pair.user_id);
    const mailed = await db.transaction(async (tx) => {
      if (!(await claimMailSlot(tx, userId, pair.kind, context.now))) return false;
      const due = await tx
        .update(notifications)
        .set({ mailDue: false, mailedAt: context.now })
        .where(
          and(eq(notifications.userId, userId), eq(notifications.kind, pair.kind), eq(notifications.mailDue, true)),
        )
        .returning();
      const [user] = await tx
        .select({ email: users.email, username: users.username, blocked: users.blocked, confirmed: users.confirmed })
        .from(users)
        .where(eq(users.id, userId));
      if (due.length === 0 || !user || user.blocked || !user.confirmed) return false;
      due.sort((a, b) => a.id - b.id);
      const unsubscribe = unsubscribeUrl(context.publicUrl, context.secret, userId, pair.kind);
      const lines = due.map((n) => `${n.title}: ${n.body}\n${context.publicUrl}${n.link}`);
      const paragraphs = [
        `Guten Tag ${user.username},`,
        ...due.map((n) => `${n.title}: ${n.body}`),
        `Sie erhalten diese E-Mail, weil Sie Benachrichtigungen zu „${NOTIFICATION_KIND_LABELS[pair.kind]}“ per E-Mail gewählt haben. Abmelden mit einem Klick: ${unsubscribe}`,
      ];
      const link = { href: `${context.publicUrl}${due[due.length - 1]!.link}`, label: 'In der Prämienbörse ansehen' };
      await enqueueMail(tx, {
        event: `notification.${pair.kind}`,
        to: user.email,
        subject: SUBJECTS[pair.kind](due.length),
        text: [`Guten Tag ${user.username},`, ...lines, `Abmelden: ${unsubscribe}`].join('\n\n'),
        html: simpleHtml(paragraphs, link),
        headers: {
          'List-Unsubscribe': `<${unsubscribeApiUrl(context.publicUrl, context.secret, userId, pair.kind)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}
