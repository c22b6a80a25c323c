import { randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_MSG,
  type SecondFactorMethod,
  type TotpSetup,
} from '@pb/core';
import type { Db } from '../../db/client';
import { userPasskeys, userRecoveryCodes, users, userTotp, type UserRole } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { SecretBox } from '../../lib/secret-box';

/**
 * The second factors an account may set up (decision 0028): a TOTP authenticator app
 * (RFC 6238 via `otpauth`; the secret sealed with SecretBox, shown once, never again after its
 * confirmation) with one-time recovery codes (keyed hashes), and passkeys (./passkeys.ts).
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface SecondFactorContext {
  db: Db;
  box: SecretBox;
  now: Date;
}

const ISSUER = 'Prämienbörse';
/** Codes of the step before and after the current one count too (clocks drift). */
const TOTP_WINDOW = 1;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Whether an account must have a second factor. Back-office admins must; for everyone else it
 * is optional. The seam for an organisation's rule (issue 28: once organisations exist, a
 * member of an organisation that demands it) is this function.
 */
export function secondFactorRequired(account: { role: UserRole }): boolean {
  return account.role === 'admin';
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** Which second factors the account has set up: what the sign-in's second step offers. */
export async function secondFactorMethods(db: Pick<Db, 'select'>, userId: number): Promise<SecondFactorMethod[]> {
  const [totp] = await db
    .select({ n: count() })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  const [passkeys] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  const methods: SecondFactorMethod[] = [];
  if ((totp?.n ?? 0) > 0) methods.push('totp');
  if ((passkeys?.n ?? 0) > 0) methods.push('passkey');
  if (methods.length > 0 && (await recoveryCodesLeft(db, userId)) > 0) methods.push('recovery');
  return methods;
}

export async function recoveryCodesLeft(db: Pick<Db, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Checks the account's password (the confirmation every change of the factors asks for, factor-proof.ts). */
export async function assertPassword(db: Pick<Db, 'select'>, userId: number, password: string): Promise<void> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !(await verifyPassword(password, row.hash))) throw badRequest(TWO_FACTOR_MSG.passwordWrong);
}

/**
 * Starts the TOTP enrolment inside the change's transaction (factor-proof.ts): a new secret,
 * waiting for its first valid code. The secret and its otpauth URI (with the QR code) are
 * answered now and never again.
 */
export async function beginTotpSetup(
  tx: Tx,
  ctx: Pick<SecondFactorContext, 'box' | 'now'>,
  user: { id: number; email: string },
): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = ctx.box.seal(secret);
  const [row] = await tx
    .insert(userTotp)
    .values({ userId: user.id, secretEncrypted: sealed, createdAt: ctx.now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted: sealed, lastStep: null, createdAt: ctx.now },
      // A confirmed authenticator is replaced only after disabling it (with password and proof).
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  if (!row) throw conflict(TWO_FACTOR_MSG.alreadyEnabled);
  const otpauthUri = totpOf(secret, user.email).toString();
  // Loaded when someone sets up an authenticator app, not at start.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrSvg };
}

/**
 * Accepts a TOTP code at most once: the code's 30-second step must be newer than the last one
 * accepted (a conditional update, so two requests with the same code cannot both pass).
 * `confirmed`: only an enrolled authenticator (sign-in) or only a pending one (confirmation).
 */
export async function acceptTotpCode(
  tx: Tx,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
  confirmed: boolean,
): Promise<boolean> {
  const [row] = await tx
    .select({ sealed: userTotp.secretEncrypted, confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .limit(1);
  if (!row || (row.confirmedAt !== null) !== confirmed) return false;
  const secret = box.open(row.sealed);
  if (secret === null) return false;
  const totp = totpOf(secret, String(userId));
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  const [accepted] = await tx
    .update(userTotp)
    .set({ lastStep: step, ...(confirmed ? {} : { confirmedAt: now }) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return accepted !== undefined;
}

/** Uses a recovery code once (conditional update: a second use, even concurrent, fails). */
export async function useRecoveryCode(
  tx: Tx,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, box.hash(code.toUpperCase())),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return row !== undefined;
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the account's recovery codes with new ones (answered once; only their hashes stay). */
export async function replaceRecoveryCodes(tx: Tx, box: SecretBox, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx
    .insert(userRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: box.hash(code), createdAt: now })))
    .onConflictDoNothing();
  return codes;
}

/** Recovery codes for an account's first second factor; null when it has unused ones already. */
export async function firstRecoveryCodes(tx: Tx, box: SecretBox, userId: number, now: Date): Promise<string[] | null> {
  return (await recoveryCodesLeft(tx, userId)) > 0 ? null : replaceRecoveryCodes(tx, box, userId, now);
}

/** After removing a factor: without any factor left, the recovery codes go too (nothing to recover). */
export async function dropRecoveryCodesIfNoFactor(tx: Tx, userId: number): Promise<void> {
  if ((await secondFactorMethods(tx, userId)).length === 0) {
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  }
}

/** Admins (secondFactorRequired) may not remove their last second factor. */
export async function assertMayRemoveFactor(
  tx: Pick<Db, 'select'>,
  user: { id: number; role: UserRole },
  removing: SecondFactorMethod,
): Promise<void> {
  if (!secondFactorRequired(user)) return;
  const left = (await secondFactorMethods(tx, user.id)).filter((m) => m !== 'recovery' && m !== removing);
  if (removing === 'passkey') {
    const [row] = await tx.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, user.id));
    if ((row?.n ?? 0) > 1) return;
  }
  if (left.length === 0) throw badRequest(TWO_FACTOR_MSG.requiredForAdmins);
}

/** Turns the authenticator app off inside the change's transaction (password and proof: factor-proof.ts). */
export async function disableTotp(tx: Tx, user: { id: number; role: UserRole }): Promise<void> {
  const [row] = await tx
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, user.id))
    .limit(1);
  if (!row?.confirmedAt) throw badRequest(TWO_FACTOR_MSG.notEnabled);
  await assertMayRemoveFactor(tx, user, 'totp');
  await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
  await dropRecoveryCodesIfNoFactor(tx, user.id);
}
