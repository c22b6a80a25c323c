import { eq } from 'drizzle-orm';
import { TWO_FACTOR_MSG, type RecoveryCodes, type TwoFactorStatus } from '@pb/core';
import type { Db } from '../../db/client';
import { userTotp, type UserRole } from '../../db/schema';
import type { AuthSession } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { listPasskeys } from './passkeys';
import {
  acceptTotpCode,
  assertPassword,
  firstRecoveryCodes,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  secondFactorMethods,
  secondFactorRequired,
  type SecondFactorContext,
} from './second-factor';
import { markSessionVerified } from './sessions';

/** The own second factors as the security page shows them (never a secret). */
export async function twoFactorStatus(
  db: Db,
  user: { id: number; role: UserRole },
  session: AuthSession,
): Promise<TwoFactorStatus> {
  const [totp] = await db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, user.id))
    .limit(1);
  const passkeys = await listPasskeys(db, user.id);
  const totpEnabledAt = totp?.confirmedAt ?? null;
  return {
    enabled: totpEnabledAt !== null || passkeys.length > 0,
    required: secondFactorRequired(user),
    sessionVerified: session.secondFactor,
    totp: { enabled: totpEnabledAt !== null, enabledAt: totpEnabledAt?.toISOString() ?? null },
    passkeys,
    recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
  };
}

/**
 * Enables the authenticator app set up by beginTotpSetup with its first valid code (the step is
 * remembered: the same code cannot sign in afterwards). This session counts as verified; the
 * account's first factor brings its recovery codes (answered once).
 */
export async function confirmTotp(
  ctx: SecondFactorContext,
  user: { id: number },
  sessionId: string,
  code: string,
): Promise<RecoveryCodes> {
  return ctx.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ confirmedAt: userTotp.confirmedAt })
      .from(userTotp)
      .where(eq(userTotp.userId, user.id))
      .limit(1);
    if (!pending) throw badRequest(TWO_FACTOR_MSG.setupFirst);
    if (pending.confirmedAt) throw badRequest(TWO_FACTOR_MSG.alreadyEnabled);
    if (!(await acceptTotpCode(tx, ctx.box, user.id, code, ctx.now, false)))
      throw badRequest(TWO_FACTOR_MSG.codeInvalid);
    await markSessionVerified(tx, sessionId, 'enrolment');
    return { recoveryCodes: await firstRecoveryCodes(tx, ctx.box, user.id, ctx.now) };
  });
}

/** New recovery codes (password confirmed); only with a second factor set up. */
export async function regenerateRecoveryCodes(
  ctx: SecondFactorContext,
  userId: number,
  password: string,
): Promise<RecoveryCodes> {
  await assertPassword(ctx.db, userId, password);
  return ctx.db.transaction(async (tx) => {
    if ((await secondFactorMethods(tx, userId)).length === 0) throw badRequest(TWO_FACTOR_MSG.notEnabled);
    return { recoveryCodes: await replaceRecoveryCodes(tx, ctx.box, userId, ctx.now) };
  });
}
