import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_MSG, type EmailChangeStatus, type EmailObjectionResult, type PendingEmailChange } from '@pb/core';
import type { Db } from '../../db/client';
import { authTokens, emailChanges, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { revokeTokens } from '../../services/sessions';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { issueToken } from './auth-tokens';
import {
  queueBlockedOfficeMail,
  queueConfirmMail,
  queueNoticeMail,
  queueRevertedMail,
  queueSecuredMail,
  type EmailChangeOwner,
} from './email-change-mails';
import { accountTaken, isUniqueViolation } from './queries';

/**
 * Changing the account's e-mail address (docs/decisions/0009-email-change.md).
 * A request stores the new address beside the account; a link mailed to the new
 * address applies it, a notice to the old address carries an objection link.
 * Each command is one transaction with its mails (outbox).
 */

/** How long the confirmation link to the new address works. */
export const EMAIL_CHANGE_CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** How long the objection link to the old address works (also after the change was confirmed). */
export const EMAIL_CHANGE_OBJECTION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** A resend waits this long after the previous mail. */
export const EMAIL_CHANGE_RESEND_GAP_MS = 60 * 1000;
/** Confirmation mails per change (request + resends). */
export const EMAIL_CHANGE_MAX_SENDS = 5;
/** Change requests per account and hour (each mails two addresses). */
export const EMAIL_CHANGE_MAX_REQUESTS_PER_HOUR = 5;

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** Open: neither confirmed nor cancelled (may be expired). */
const isOpen = and(isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt));

/** The change waiting for confirmation, if any (expired ones are not pending). */
export async function findPendingEmailChange(
  db: Pick<Db, 'select'>,
  userId: number,
  now: Date,
): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({ email: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isOpen, gt(emailChanges.expiresAt, now)))
    .limit(1);
  return row ? { email: row.email, expiresAt: row.expiresAt.toISOString() } : null;
}

/** Refuses a request beyond the hourly budget (before the transaction that would send mails). */
export async function assertEmailChangeAllowed(db: Pick<Db, 'select'>, userId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 60 * 60 * 1000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.createdAt, since)));
  if ((row?.n ?? 0) >= EMAIL_CHANGE_MAX_REQUESTS_PER_HOUR) {
    throw new AppError(429, EMAIL_CHANGE_MSG.tooManyRequests, 'RateLimitError');
  }
}

/**
 * Starts a change to `newEmail` inside the caller's transaction (the profile
 * save): replaces an older open change, mails the link to the new address and
 * the notice with the objection link to the old one. The caller checked that
 * no other account uses the address.
 */
export async function requestEmailChange(
  tx: Tx,
  params: { user: EmailChangeOwner; newEmail: string; now: Date; publicUrl: string },
): Promise<void> {
  const { user, newEmail, now, publicUrl } = params;
  await tx
    .update(emailChanges)
    .set({ cancelledAt: now, cancelReason: 'replaced' })
    .where(and(eq(emailChanges.userId, user.id), isOpen));
  const confirm = newOpaqueToken();
  const objection = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_CONFIRM_TTL_MS);
  const objectionExpiresAt = new Date(now.getTime() + EMAIL_CHANGE_OBJECTION_TTL_MS);
  await tx.insert(emailChanges).values({
    userId: user.id,
    oldEmail: user.email,
    newEmail,
    confirmTokenHash: confirm.hash,
    expiresAt,
    objectionTokenHash: objection.hash,
    objectionExpiresAt,
    lastSentAt: now,
    createdAt: now,
  });
  await queueConfirmMail(tx, publicUrl, user, newEmail, confirm.token);
  await queueNoticeMail(tx, publicUrl, user, newEmail, objection.token, objectionExpiresAt);
}

/** Sends a fresh confirmation link for the open change (the previous link stops working). */
export async function resendEmailChange(db: Db, user: EmailChangeOwner, now: Date, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: emailChanges.id,
        newEmail: emailChanges.newEmail,
        sendCount: emailChanges.sendCount,
        lastSentAt: emailChanges.lastSentAt,
      })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, user.id), isOpen, gt(emailChanges.expiresAt, now)))
      .for('update');
    if (!row) throw notFound(EMAIL_CHANGE_MSG.noPendingChange);
    if (now.getTime() - row.lastSentAt.getTime() < EMAIL_CHANGE_RESEND_GAP_MS) {
      throw new AppError(429, EMAIL_CHANGE_MSG.resendTooSoon, 'RateLimitError');
    }
    if (row.sendCount >= EMAIL_CHANGE_MAX_SENDS) {
      throw new AppError(429, EMAIL_CHANGE_MSG.tooManyRequests, 'RateLimitError');
    }
    const confirm = newOpaqueToken();
    await tx
      .update(emailChanges)
      .set({
        confirmTokenHash: confirm.hash,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_CONFIRM_TTL_MS),
        sendCount: row.sendCount + 1,
        lastSentAt: now,
      })
      .where(eq(emailChanges.id, row.id));
    await queueConfirmMail(tx, publicUrl, user, row.newEmail, confirm.token);
  });
}

/** The owner withdraws the open change from the profile; false when nothing was pending. */
export async function cancelEmailChange(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailChanges)
    .set({ cancelledAt: now, cancelReason: 'owner' })
    .where(and(eq(emailChanges.userId, userId), isOpen))
    .returning({ expiresAt: emailChanges.expiresAt });
  return rows.some((r) => r.expiresAt > now);
}

/**
 * Follows the confirmation link: applies the new address, ends every session
 * (token version) and voids reset/confirmation links mailed to the old address.
 * The address is checked again: another account may have taken it meanwhile.
 */
export async function confirmEmailChange(
  db: Db,
  token: unknown,
  now: Date,
): Promise<{ status: EmailChangeStatus; userId?: number; email?: string }> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return { status: 'invalid' };
  const hash = hashOpaqueToken(token);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.confirmTokenHash, hash))
        .limit(1)
        .for('update');
      if (!row) return { status: 'invalid' as const };
      if (row.confirmedAt) return { status: 'used' as const };
      if (row.cancelledAt) return { status: 'cancelled' as const };
      if (row.expiresAt <= now) return { status: 'expired' as const };
      const [owner] = await tx
        .select({ blocked: users.blocked })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('update');
      if (!owner || owner.blocked) return { status: 'invalid' as const };
      if (await accountTaken(tx, { email: row.newEmail }, row.userId)) {
        await tx
          .update(emailChanges)
          .set({ cancelledAt: now, cancelReason: 'taken' })
          .where(eq(emailChanges.id, row.id));
        return { status: 'taken' as const };
      }
      await tx.update(emailChanges).set({ confirmedAt: now }).where(eq(emailChanges.id, row.id));
      await tx
        .update(users)
        .set({ email: row.newEmail, updatedAt: now, ...endSessionsSet() })
        .where(eq(users.id, row.userId));
      await voidMailedTokens(tx, row.userId, now);
      return { status: 'confirmed' as const, userId: row.userId, email: row.newEmail };
    });
  } catch (error) {
    // Taken by a concurrent registration between the check and the update.
    if (isUniqueViolation(error)) return { status: 'taken' };
    throw error;
  }
}

/**
 * The owner of the old address says "that was not me". Whoever asked for the
 * change was signed in to the account, so the account is secured in every case:
 * open changes are cancelled, a confirmed change is reverted (or, when the old
 * address now belongs to another account, the account is blocked), every
 * session ends and the password stops working; a link to set a new one goes to
 * the restored address. Returns null for an unknown, used or expired link.
 */
export async function objectToEmailChange(
  db: Db,
  token: string,
  now: Date,
  config: { publicUrl: string; officeEmail: string },
): Promise<{ result: EmailObjectionResult; userId: number } | null> {
  const hash = hashOpaqueToken(token);
  // Nobody knows this password: the old one may be known to whoever made the change.
  const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailChanges)
      .set({ objectedAt: now })
      .where(
        and(
          eq(emailChanges.objectionTokenHash, hash),
          isNull(emailChanges.objectedAt),
          gt(emailChanges.objectionExpiresAt, now),
        ),
      )
      .returning();
    if (!row) return null;
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId))
      .for('update');
    if (!user) return null;
    await tx
      .update(emailChanges)
      .set({ cancelledAt: now, cancelReason: 'objection' })
      .where(and(eq(emailChanges.userId, user.id), isOpen));

    const revert = row.confirmedAt !== null && user.email.toLowerCase() !== row.oldEmail.toLowerCase();
    if (revert && (await accountTaken(tx, { email: row.oldEmail }, user.id))) {
      await tx
        .update(users)
        .set({ blocked: true, passwordHash: unusableHash, updatedAt: now, ...endSessionsSet() })
        .where(eq(users.id, user.id));
      await voidMailedTokens(tx, user.id, now);
      await queueBlockedOfficeMail(tx, config.officeEmail, user, row.oldEmail);
      return { result: 'blocked' as const, userId: user.id };
    }
    await tx
      .update(users)
      .set({
        ...(revert ? { email: row.oldEmail } : {}),
        passwordHash: unusableHash,
        updatedAt: now,
        ...endSessionsSet(),
      })
      .where(eq(users.id, user.id));
    await voidMailedTokens(tx, user.id, now);
    const code = await issueToken(tx, user.id, 'password_reset', now);
    const owner = { ...user, email: revert ? row.oldEmail : user.email };
    await queueSecuredMail(tx, config.publicUrl, owner, code, revert);
    if (revert) await queueRevertedMail(tx, owner, user.email);
    return { result: revert ? ('reverted' as const) : ('cancelled' as const), userId: user.id };
  });
}

/**
 * Ends every session of the account: the token version is part of each JWT and
 * checked on every request and socket event (as the password change does).
 */
function endSessionsSet() {
  return revokeTokens();
}

/** Links mailed earlier (reset, registration confirmation) stop working. */
async function voidMailedTokens(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        inArray(authTokens.purpose, ['password_reset', 'email_confirmation']),
        isNull(authTokens.usedAt),
      ),
    );
}
