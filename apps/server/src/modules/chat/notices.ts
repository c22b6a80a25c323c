import { and, eq } from 'drizzle-orm';
import { CHAT_NOTICE_INTERVAL_MINUTES, MSG } from '@pb/core';
import type { Db } from '../../db/client';
import { chatCommunications, jobs, notifications, users } from '../../db/schema';
import { enqueueMail, simpleHtml } from '../../services/mail-outbox';
import { claimMailSlot } from '../../services/notifications/mail-batching';
import { settingsOf } from '../../services/notifications/centre';
import { unsubscribeApiUrl, unsubscribeUrl } from '../../services/notifications/unsubscribe';

import type { MessageContext } from './message-context';
import type { Caller, ConversationRow } from './presenter';

/** The 'Neue Nachricht' notice of a message: the bell entry and the rate-limited mail to the recipient. */

/**
 * The notice of a committed text message, in a transaction of its own: it first takes over the
 * bell entry's mail (the batched mail may have sent it meanwhile — then nothing more is due),
 * locks the conversation (two messages at once: the second sees the first's notice) and queues
 * the notice as writeMessage() does. A failure is logged, not thrown: the message is committed
 * and delivered, and its entry stays `mail_due`, so the batched mail sends it.
 */
export async function queueNoticeAfter(
  db: Db,
  recipient: 'p1' | 'p2',
  conversationId: number,
  notificationId: number,
  ctx: MessageContext,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(notifications)
        .set({ mailDue: false })
        .where(and(eq(notifications.id, notificationId), eq(notifications.mailDue, true)))
        .returning({ id: notifications.id });
      if (!taken) return;
      const [row] = await tx
        .select()
        .from(chatCommunications)
        .where(eq(chatCommunications.id, conversationId))
        .for('update');
      if (!row) return;
      await queueNotice(tx, row, recipient, ctx, notificationId);
    });
  } catch (error) {
    ctx.log?.warn({ err: error, conversationId }, 'chat notice not queued now: the batched notification mail sends it');
  }
}

/**
 * The bell entry of a chat message names the sender and the advertisement, never the text; the
 * pieces once, for writeMessage() here and textMessageStatement()'s SQL.
 */
export const BELL_TEXT = { titleBefore: 'Neue Nachricht von ', bodyBefore: 'Zum Inserat „', bodyAfter: '“' } as const;

export function notificationTitle(sender: Caller): string {
  return BELL_TEXT.titleBefore + sender.username;
}

export function notificationBody(jobTitle: string | null): string {
  return BELL_TEXT.bodyBefore + (jobTitle ?? MSG.advertisementGone) + BELL_TEXT.bodyAfter;
}

export function notificationLink(conversationId: number): string {
  return `/advertisements/chat?conversation=${conversationId}`;
}

/** Queues "Neue Nachricht zu '…'" for the recipient, at most once per 15 minutes per conversation. */
export async function queueNotice(
  tx: Db,
  row: ConversationRow,
  recipient: 'p1' | 'p2',
  ctx: MessageContext,
  notificationId: number | undefined,
): Promise<void> {
  const recipientId = recipient === 'p1' ? row.consultantId : row.companyId;
  if (recipientId === null) return;
  const lastNotice = recipient === 'p1' ? row.lastNoticeP1At : row.lastNoticeP2At;
  if (lastNotice && ctx.now.getTime() - lastNotice.getTime() < CHAT_NOTICE_INTERVAL_MINUTES * 60_000) return;
  const [user] = await tx
    .select({ email: users.email, blocked: users.blocked })
    .from(users)
    .where(eq(users.id, recipientId))
    .limit(1);
  if (!user || user.blocked) return;
  // The chat's notice is the mail channel of 'chat_message': off when the user chose the app only,
  // and at most one per user every 10 minutes across conversations (services/notifications/mail-batching.ts's claim).
  if ((await settingsOf(tx, recipientId)).chat_message === 'app') return;
  if (!(await claimMailSlot(tx, recipientId, 'chat_message', ctx.now))) {
    // Another conversation's notice went out less than 10 minutes ago: this one goes batched
    // with the next notification mail (services/notifications/mail-batching.ts) instead of being lost.
    if (notificationId !== undefined) {
      await tx.update(notifications).set({ mailDue: true }).where(eq(notifications.id, notificationId));
    }
    return;
  }
  const [job] = row.jobId
    ? await tx.select({ jobTitle: jobs.jobTitle }).from(jobs).where(eq(jobs.id, row.jobId)).limit(1)
    : [];
  const title = job?.jobTitle ?? MSG.advertisementGone;
  const link = `${ctx.publicUrl}/advertisements/chat?conversation=${row.id}`;
  const paragraphs = [
    'Guten Tag,',
    `Sie haben auf der Prämienbörse eine neue Nachricht zum Inserat „${title}“ erhalten.`,
    `Sie können die Nachricht hier lesen und beantworten: ${link}`,
  ];
  const unsubscribe = ctx.unsubscribeSecret
    ? {
        page: unsubscribeUrl(ctx.publicUrl, ctx.unsubscribeSecret, recipientId, 'chat_message'),
        api: unsubscribeApiUrl(ctx.publicUrl, ctx.unsubscribeSecret, recipientId, 'chat_message'),
      }
    : undefined;
  await enqueueMail(tx, {
    event: 'chat.notice',
    to: user.email,
    subject: `Neue Nachricht zu '${title}'`,
    text: [...paragraphs, ...(unsubscribe ? [`Keine E-Mails zu Chat-Nachrichten mehr: ${unsubscribe.page}`] : [])].join(
      '\n\n',
    ),
    html: simpleHtml(paragraphs.slice(0, 2), { href: link, label: 'Zur Nachricht' }),
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe.api}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  });
  await tx
    .update(chatCommunications)
    .set(recipient === 'p1' ? { lastNoticeP1At: ctx.now } : { lastNoticeP2At: ctx.now })
    .where(eq(chatCommunications.id, row.id));
}
