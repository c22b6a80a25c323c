import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  MSG,
  RECOVERY_CODE_PATTERN,
  SECOND_FACTOR_ATTEMPTS,
  SECOND_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MSG,
  type SecondFactorChallenge,
  type SecondFactorMethod,
} from '@pb/core';
import type { Db } from '../../db/client';
import { authChallenges, users, type SessionSecondFactor } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { isActiveUser } from '../../services/policies';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import type { LoginUser } from './auth-service';
import { acceptPasskeyAssertion, passkeyAuthenticationOptions, type RelyingParty } from './passkeys';
import { userColumns } from './presenter';
import { acceptTotpCode, useRecoveryCode, type SecondFactorContext } from './second-factor';

/**
 * The step between the password and the session (decision 0028). The password step answers a
 * challenge — an opaque token (only its hash is stored) that is good for nothing but this step:
 * a few minutes, a few attempts, used once. Only a valid second factor turns it into a session.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** A user who proved both factors, and how, for the route to open the session. */
export interface SecondStepResult {
  user: LoginUser;
  secondFactor: SessionSecondFactor;
  deviceKey: string | null;
}

/** Issues the password step's challenge for an account with a second factor. */
export async function issueSignInChallenge(
  db: Pick<Db, 'insert'>,
  userId: number,
  methods: SecondFactorMethod[],
  deviceKey: string,
  now: Date,
): Promise<SecondFactorChallenge> {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + SECOND_FACTOR_CHALLENGE_MINUTES * 60_000);
  await db.insert(authChallenges).values({
    userId,
    purpose: 'sign_in',
    tokenHash: hash,
    deviceKey,
    expiresAt,
    createdAt: now,
  });
  return { secondFactor: { challenge: token, methods, expiresAt: expiresAt.toISOString() } };
}

/**
 * Counts one attempt on a live challenge (unused, unexpired, attempts left) and answers it; a
 * challenge past its attempts is dead — the password has to be entered again (its own limit).
 */
async function attempt(db: Tx, token: string, now: Date) {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(
      and(
        eq(authChallenges.tokenHash, hashOpaqueToken(token)),
        eq(authChallenges.purpose, 'sign_in'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
        lt(authChallenges.attempts, SECOND_FACTOR_ATTEMPTS),
      ),
    )
    .returning({ id: authChallenges.id, userId: authChallenges.userId, deviceKey: authChallenges.deviceKey });
  if (!row) throw badRequest(TWO_FACTOR_MSG.challengeInvalid);
  return row;
}

/** Uses the challenge up (a second, even concurrent, success with it fails) and reads the account. */
async function finish(tx: Tx, challengeId: number, userId: number, now: Date): Promise<LoginUser> {
  const [used] = await tx
    .update(authChallenges)
    .set({ usedAt: now })
    .where(and(eq(authChallenges.id, challengeId), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  if (!used) throw badRequest(TWO_FACTOR_MSG.challengeInvalid);
  const [user] = await tx.update(users).set({ lastLogin: now }).where(eq(users.id, userId)).returning(userColumns);
  if (!user) throw badRequest(TWO_FACTOR_MSG.challengeInvalid);
  // Blocked (or unconfirmed) between the two steps: no session.
  if (!isActiveUser(user)) throw badRequest(user.blocked ? MSG.loginBlocked : MSG.loginUnconfirmed);
  return user;
}

/** The account a challenge belongs to (for the per-account limit), or null for a dead challenge. */
export async function challengeOwner(db: Pick<Db, 'select'>, token: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ userId: authChallenges.userId })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, hashOpaqueToken(token)),
        eq(authChallenges.purpose, 'sign_in'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Second step with a TOTP code or a recovery code. */
export async function completeWithCode(
  ctx: SecondFactorContext,
  token: string,
  code: string,
): Promise<SecondStepResult> {
  const challenge = await attempt(ctx.db, token, ctx.now);
  const isRecovery = RECOVERY_CODE_PATTERN.test(code);
  return ctx.db.transaction(async (tx) => {
    const ok = isRecovery
      ? await useRecoveryCode(tx, ctx.box, challenge.userId, code, ctx.now)
      : await acceptTotpCode(tx, ctx.box, challenge.userId, code, ctx.now, true);
    if (!ok) throw badRequest(TWO_FACTOR_MSG.codeInvalid);
    const user = await finish(tx, challenge.id, challenge.userId, ctx.now);
    return { user, secondFactor: isRecovery ? 'recovery' : 'totp', deviceKey: challenge.deviceKey };
  });
}

/** WebAuthn options for the second step (counts as an attempt: each gets a fresh WebAuthn challenge). */
export async function passkeyOptionsFor(ctx: SecondFactorContext, rp: RelyingParty, token: string) {
  const challenge = await attempt(ctx.db, token, ctx.now);
  return passkeyAuthenticationOptions(ctx.db, rp, challenge.userId, challenge.id);
}

/** Second step with a passkey assertion over the challenge handed out by passkeyOptionsFor. */
export async function completeWithPasskey(
  ctx: SecondFactorContext,
  rp: RelyingParty,
  token: string,
  credential: AuthenticationResponseJSON,
): Promise<SecondStepResult> {
  const challenge = await attempt(ctx.db, token, ctx.now);
  return ctx.db.transaction(async (tx) => {
    if (
      !(await acceptPasskeyAssertion(
        tx,
        rp,
        { purpose: 'sign_in', rowId: challenge.id },
        challenge.userId,
        credential,
        ctx.now,
      ))
    ) {
      throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
    }
    // The assertion used the row's WebAuthn challenge (usedAt set): the row is finished with it.
    const [user] = await tx
      .update(users)
      .set({ lastLogin: ctx.now })
      .where(eq(users.id, challenge.userId))
      .returning(userColumns);
    if (!user) throw badRequest(TWO_FACTOR_MSG.challengeInvalid);
    if (!isActiveUser(user)) throw badRequest(user.blocked ? MSG.loginBlocked : MSG.loginUnconfirmed);
    return { user, secondFactor: 'passkey', deviceKey: challenge.deviceKey };
  });
}
