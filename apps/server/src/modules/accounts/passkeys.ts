import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { SECOND_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_MSG, type Passkey, type PasskeyCreated } from '@pb/core';
import type { Db } from '../../db/client';
import { authChallenges, userPasskeys, type UserRole } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { hashOpaqueToken } from '../../lib/tokens';
import {
  assertMayRemoveFactor,
  assertPassword,
  dropRecoveryCodesIfNoFactor,
  firstRecoveryCodes,
  type SecondFactorContext,
} from './second-factor';
import { markSessionVerified } from './sessions';

/**
 * Passkeys (WebAuthn via @simplewebauthn/server) as a second factor. Every WebAuthn challenge is
 * made and kept by the server (auth_challenges), used once and only within minutes; the origin
 * and relying party come from PUBLIC_URL (WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS may widen them).
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface RelyingParty {
  id: string;
  origins: string[];
}

const RP_NAME = 'Prämienbörse';
const TIMEOUT_MS = 120_000;

/** The challenge the browser signed, read from its client data (null when unreadable). */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

export async function listPasskeys(db: Pick<Db, 'select'>, userId: number): Promise<Passkey[]> {
  const rows = await db
    .select({
      id: userPasskeys.id,
      name: userPasskeys.name,
      createdAt: userPasskeys.createdAt,
      lastUsedAt: userPasskeys.lastUsedAt,
    })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(userPasskeys.createdAt);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

async function credentialsOf(db: Pick<Db, 'select'>, userId: number) {
  return db
    .select({ id: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
}

/** Registration options for a new passkey (password confirmed); the challenge is kept server-side. */
export async function beginPasskeyRegistration(
  ctx: SecondFactorContext,
  rp: RelyingParty,
  user: { id: number; username: string; email: string },
  password: string,
): Promise<Record<string, unknown>> {
  await assertPassword(ctx.db, user.id, password);
  const existing = await credentialsOf(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.username,
    userID: new TextEncoder().encode(`pb-user-${user.id}`),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await ctx.db.insert(authChallenges).values({
    userId: user.id,
    purpose: 'passkey_registration',
    tokenHash: hashOpaqueToken(`webauthn:${options.challenge}`),
    webauthnChallenge: options.challenge,
    expiresAt: new Date(ctx.now.getTime() + SECOND_FACTOR_CHALLENGE_MINUTES * 60_000),
    createdAt: ctx.now,
  });
  return options as unknown as Record<string, unknown>;
}

/** Uses a WebAuthn challenge of the account once: the one the browser signed, unexpired and unused. */
async function consumeWebauthnChallenge(
  tx: Tx,
  userId: number,
  purpose: 'passkey_registration' | 'sign_in',
  challenge: string | null,
  now: Date,
  rowId?: number,
): Promise<boolean> {
  if (challenge === null) return false;
  const [row] = await tx
    .update(authChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(authChallenges.userId, userId),
        eq(authChallenges.purpose, purpose),
        eq(authChallenges.webauthnChallenge, challenge),
        ...(rowId === undefined ? [] : [eq(authChallenges.id, rowId)]),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .returning({ id: authChallenges.id });
  return row !== undefined;
}

/** Verifies the browser's new credential against the kept challenge and stores the passkey. */
export async function finishPasskeyRegistration(
  ctx: SecondFactorContext,
  rp: RelyingParty,
  user: { id: number },
  sessionId: string,
  input: { name: string; credential: RegistrationResponseJSON },
): Promise<PasskeyCreated> {
  const challenge = signedChallenge(input.credential.response.clientDataJSON);
  return ctx.db.transaction(async (tx) => {
    if (!(await consumeWebauthnChallenge(tx, user.id, 'passkey_registration', challenge, ctx.now))) {
      throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
    }
    let info;
    try {
      const result = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: challenge!,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
      info = result.verified ? result.registrationInfo : undefined;
    } catch {
      info = undefined;
    }
    if (!info) throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
    const [row] = await tx
      .insert(userPasskeys)
      .values({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        name: input.name,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
    await markSessionVerified(tx, sessionId, 'enrolment');
    const recoveryCodes = await firstRecoveryCodes(tx, ctx.box, user.id, ctx.now);
    return {
      passkey: { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null },
      recoveryCodes,
    };
  });
}

/** Authentication options for the sign-in's second step; the challenge goes onto the sign-in challenge row. */
export async function passkeyAuthenticationOptions(
  tx: Tx,
  rp: RelyingParty,
  userId: number,
  challengeRowId: number,
): Promise<Record<string, unknown>> {
  const credentials = await credentialsOf(tx, userId);
  if (credentials.length === 0) throw badRequest(TWO_FACTOR_MSG.passkeyUnknown);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: credentials.map((c) => ({ id: c.id, transports: c.transports })),
  });
  await tx
    .update(authChallenges)
    .set({ webauthnChallenge: options.challenge })
    .where(eq(authChallenges.id, challengeRowId));
  return options as unknown as Record<string, unknown>;
}

/**
 * Checks a passkey assertion for the account: a credential of theirs, signed over the challenge
 * kept on the sign-in challenge row (used up here), from an accepted origin, with a counter that
 * moved forward (or an authenticator that keeps none).
 */
export async function acceptPasskeyAssertion(
  tx: Tx,
  rp: RelyingParty,
  challengeRowId: number,
  userId: number,
  credential: AuthenticationResponseJSON,
  now: Date,
): Promise<boolean> {
  const [stored] = await tx
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.credentialId, credential.id)))
    .limit(1);
  if (!stored) return false;
  const challenge = signedChallenge(credential.response.clientDataJSON);
  if (!(await consumeWebauthnChallenge(tx, userId, 'sign_in', challenge, now, challengeRowId))) return false;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge!,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: stored.transports,
      },
    });
    if (!result.verified) return false;
    await tx
      .update(userPasskeys)
      .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(userPasskeys.id, stored.id));
    return true;
  } catch {
    return false;
  }
}

/** Removes one of the own passkeys (password confirmed; admins keep at least one factor). */
export async function removePasskey(
  ctx: SecondFactorContext,
  user: { id: number; role: UserRole },
  passkeyId: number,
  password: string,
): Promise<void> {
  await assertPassword(ctx.db, user.id, password);
  await ctx.db.transaction(async (tx) => {
    await assertMayRemoveFactor(tx, user, 'passkey');
    const [row] = await tx
      .delete(userPasskeys)
      .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.userId, user.id)))
      .returning({ id: userPasskeys.id });
    if (!row) throw notFound(TWO_FACTOR_MSG.passkeyGone);
    await dropRecoveryCodesIfNoFactor(tx, user.id);
  });
}
