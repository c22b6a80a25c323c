import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailThrottle, type MailThrottleKind } from '../../db/schema';
import { hashOpaqueToken } from '../../lib/tokens';

/**
 * Mails that anyone can trigger for any address (password reset, confirmation
 * resend) are held back per address instead of answering 429: a stranger then
 * can neither flood the mailbox nor lock its owner out (docs/decisions/0002).
 *
 * - at most one mail per address every MAIL_COOLDOWN_MS, and
 * - at most MAILS_PER_WINDOW mails per MAIL_WINDOW_MS (a window starts with its first mail).
 *
 * The owner is never without a working link: a held-back request leaves the last
 * mailed link valid, and that mail is younger than the window (and a reset link
 * lives as long as the window: RESET_TTL_MS).
 */
export const MAIL_COOLDOWN_MS = 5 * 60 * 1000;
export const MAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAILS_PER_WINDOW = 3;

type Tx = Pick<Db, 'insert' | 'delete'>;

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Records a mail of `kind` to `address` if one may go out now and answers true;
 * answers false (recording nothing) if the address had its mail recently. Call it
 * inside the transaction that queues the mail, so an aborted mail is not counted.
 */
export async function mayMailAddress(tx: Tx, kind: MailThrottleKind, address: string, now: Date): Promise<boolean> {
  const addressHash = hashOpaqueToken(address.trim().toLowerCase());
  const windowStart = new Date(now.getTime() - MAIL_WINDOW_MS);
  const cooledDown = new Date(now.getTime() - MAIL_COOLDOWN_MS);
  // Rows whose window and cooldown are over say nothing any more.
  await tx
    .delete(mailThrottle)
    .where(and(lt(mailThrottle.windowStartedAt, windowStart), lt(mailThrottle.lastSentAt, cooledDown)));
  const windowOver = sql`${mailThrottle.windowStartedAt} <= ${iso(windowStart)}`;
  // One statement: a concurrent request for the same address waits for the row lock
  // and then sees this one's mail, so two requests never both send.
  const rows = await tx
    .insert(mailThrottle)
    .values({ kind, addressHash, lastSentAt: now, windowStartedAt: now, sentInWindow: 1 })
    .onConflictDoUpdate({
      target: [mailThrottle.kind, mailThrottle.addressHash],
      set: {
        lastSentAt: now,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${iso(now)} ELSE ${mailThrottle.windowStartedAt} END`,
        sentInWindow: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${mailThrottle.sentInWindow} + 1 END`,
      },
      setWhere: sql`${mailThrottle.lastSentAt} <= ${iso(cooledDown)} AND (${windowOver} OR ${mailThrottle.sentInWindow} < ${MAILS_PER_WINDOW})`,
    })
    .returning({ kind: mailThrottle.kind });
  return rows.length > 0;
}
