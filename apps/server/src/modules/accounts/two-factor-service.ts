import { eq } from 'drizzle-orm';
import { TWO_FACTOR_MSG, type RecoveryCodes, type TwoFactorStatus } from '@pb/core';
import type { Db } from '../../db/client';
import { userTotp, type UserRole } from '../../db/schema';
import type { AuthSession } from '../../services/auth';
import { badRequest } from '../../lib/errors';
import { listPasskeys } from './passkeys';
import {
  acceptTotpCode,
  firstRecoveryCodes,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  secondFactorMethods,
  secondFactorRequired,
  type SecondFactorContext,
} from './second-factor';
import { markSessionVerified, revokeOtherSessions } from './sessions';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The account's second factors: when the app was enabled, the passkeys, the recovery codes left (never a secret). */
export async function secondFactorsOf(db: Pick<Db, 'select'>, userId: number) {
  const [totp] = await db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .limit(1);
  return {
    totpEnabledAt: totp?.confirmedAt ?? null,
    passkeys: await listPasskeys(db, userId),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}

/** The own second factors as the security page shows them (never a secret). */
export async function twoFactorStatus(
  db: Db,
  user: { id: number; role: UserRole },
  session: AuthSession,
): Promise<TwoFactorStatus> {
  const { totpEnabledAt, passkeys, recoveryCodesLeft: left } = await secondFactorsOf(db, user.id);
  return {
    enabled: totpEnabledAt !== null || passkeys.length > 0,
    required: secondFactorRequired(user),
    sessionVerified: session.secondFactor,
    totp: { enabled: totpEnabledAt !== null, enabledAt: totpEnabledAt?.toISOString() ?? null },
    passkeys,
    recoveryCodesLeft: left,
  };
}

/**
 * Enables the authenticator app set up by beginTotpSetup with its first valid code (the step is
 * remembered: the same code cannot sign in afterwards). This session counts as verified; the
 * account's first factor brings its recovery codes (answered once) and ends every other session
 * (`endedSessions`: the caller closes their sockets) — one opened with a stolen password must not
 * outlive the new protection.
 */
export async function confirmTotp(
  ctx: SecondFactorContext,
  user: { id: number },
  sessionId: string,
  code: string,
): Promise<{ codes: RecoveryCodes; endedSessions: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ confirmedAt: userTotp.confirmedAt })
      .from(userTotp)
      .where(eq(userTotp.userId, user.id))
      .limit(1);
    if (!pending) throw badRequest(TWO_FACTOR_MSG.setupFirst);
    if (pending.confirmedAt) throw badRequest(TWO_FACTOR_MSG.alreadyEnabled);
    const first = (await secondFactorMethods(tx, user.id)).length === 0;
    if (!(await acceptTotpCode(tx, ctx.box, user.id, code, ctx.now, false)))
      throw badRequest(TWO_FACTOR_MSG.codeInvalid);
    await markSessionVerified(tx, sessionId, 'enrolment');
    const recoveryCodes = await firstRecoveryCodes(tx, ctx.box, user.id, ctx.now);
    const endedSessions = first ? await revokeOtherSessions(tx, user.id, sessionId, ctx.now) : [];
    return { codes: { recoveryCodes }, endedSessions };
  });
}

/** New recovery codes inside the change's transaction (password and proof: factor-proof.ts); only with a second factor set up. */
export async function regenerateRecoveryCodes(
  tx: Tx,
  ctx: Pick<SecondFactorContext, 'box' | 'now'>,
  userId: number,
): Promise<RecoveryCodes> {
  if ((await secondFactorMethods(tx, userId)).length === 0) throw badRequest(TWO_FACTOR_MSG.notEnabled);
  return { recoveryCodes: await replaceRecoveryCodes(tx, ctx.box, userId, ctx.now) };
}
