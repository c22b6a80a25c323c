import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { SECOND_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_MSG, type Passkey, type PasskeyCreated } from '@pb/core';
import type { Db } from '../../db/client';
import { authChallenges, userPasskeys, type AuthChallengePurpose, type UserRole } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { hashOpaqueToken } from '../../lib/tokens';
import {
  assertMayRemoveFactor,
  dropRecoveryCodesIfNoFactor,
  firstRecoveryCodes,
  secondFactorMethods,
  type SecondFactorContext,
} from './second-factor';
import { markSessionVerified, revokeOtherSessions } from './sessions';

/** The WebAuthn library with its X.509 and ASN.1 parsers (~25 MB resident) loads at the first passkey action, not at start. */
const webauthn = () => import('@simplewebauthn/server');

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

/**
 * Registration options for a new passkey, inside the change's transaction (password and, with a
 * factor set up, its proof checked by factor-proof.ts); the challenge is kept server-side.
 */
export async function beginPasskeyRegistration(
  tx: Tx,
  ctx: Pick<SecondFactorContext, 'now'>,
  rp: RelyingParty,
  user: { id: number; username: string; email: string },
): Promise<Record<string, unknown>> {
  const { generateRegistrationOptions } = await webauthn();
  const existing = await credentialsOf(tx, user.id);
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
  await keepWebauthnChallenge(tx, user.id, 'passkey_registration', options.challenge, ctx.now);
  return options as unknown as Record<string, unknown>;
}

/** Keeps a WebAuthn challenge the server handed out: one purpose, single use, minutes long. */
async function keepWebauthnChallenge(
  tx: Pick<Db, 'insert'>,
  userId: number,
  purpose: 'passkey_registration' | 'step_up',
  challenge: string,
  now: Date,
): Promise<void> {
  await tx.insert(authChallenges).values({
    userId,
    purpose,
    tokenHash: hashOpaqueToken(`webauthn:${challenge}`),
    webauthnChallenge: challenge,
    expiresAt: new Date(now.getTime() + SECOND_FACTOR_CHALLENGE_MINUTES * 60_000),
    createdAt: now,
  });
}

/** Authentication options over the account's passkeys (none: refused). */
async function authenticationOptions(db: Pick<Db, 'select'>, rp: RelyingParty, userId: number) {
  const { generateAuthenticationOptions } = await webauthn();
  const credentials = await credentialsOf(db, userId);
  if (credentials.length === 0) throw badRequest(TWO_FACTOR_MSG.passkeyUnknown);
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: credentials.map((c) => ({ id: c.id, transports: c.transports })),
  });
}

/** Uses a WebAuthn challenge of the account once: the one the browser signed, unexpired and unused. */
async function consumeWebauthnChallenge(
  tx: Tx,
  userId: number,
  purpose: AuthChallengePurpose,
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

/**
 * Verifies the browser's new credential against the kept challenge and stores the passkey. The
 * account's first second factor ends every other session (`endedSessions`: the caller closes
 * their sockets) — one opened with a stolen password must not outlive the new protection.
 */
export async function finishPasskeyRegistration(
  ctx: SecondFactorContext,
  rp: RelyingParty,
  user: { id: number },
  sessionId: string,
  input: { name: string; credential: RegistrationResponseJSON },
): Promise<{ created: PasskeyCreated; endedSessions: string[] }> {
  const challenge = signedChallenge(input.credential.response.clientDataJSON);
  // Loaded before the transaction: the first load must not hold it open.
  const { verifyRegistrationResponse } = await webauthn();
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
    const first = (await secondFactorMethods(tx, user.id)).length === 0;
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
    const endedSessions = first ? await revokeOtherSessions(tx, user.id, sessionId, ctx.now) : [];
    return {
      created: {
        passkey: { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null },
        recoveryCodes,
      },
      endedSessions,
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
  const options = await authenticationOptions(tx, rp, userId);
  await tx
    .update(authChallenges)
    .set({ webauthnChallenge: options.challenge })
    .where(eq(authChallenges.id, challengeRowId));
  return options as unknown as Record<string, unknown>;
}

/**
 * Options to prove the passkey for a change of the factors (factor-proof.ts): a challenge of its
 * own purpose, single use, minutes long — a sign-in's or a registration's never proves a change.
 */
export async function stepUpPasskeyOptions(
  ctx: SecondFactorContext,
  rp: RelyingParty,
  userId: number,
): Promise<Record<string, unknown>> {
  const options = await authenticationOptions(ctx.db, rp, userId);
  await keepWebauthnChallenge(ctx.db, userId, 'step_up', options.challenge, ctx.now);
  return options as unknown as Record<string, unknown>;
}

/** Which kept challenge an assertion must be signed over: the sign-in's row, or any step-up challenge of the account. */
export type AssertionChallenge = { purpose: 'sign_in'; rowId: number } | { purpose: 'step_up' };

/**
 * Checks a passkey assertion for the account: a credential of theirs, signed over a kept
 * challenge of the expected purpose (used up here), from an accepted origin, with a counter
 * that moved forward (or an authenticator that keeps none).
 */
export async function acceptPasskeyAssertion(
  tx: Tx,
  rp: RelyingParty,
  expected: AssertionChallenge,
  userId: number,
  credential: AuthenticationResponseJSON,
  now: Date,
): Promise<boolean> {
  // Inside the caller's transaction: the first passkey sign-in of a process waits for the load once.
  const { verifyAuthenticationResponse } = await webauthn();
  const [stored] = await tx
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.credentialId, credential.id)))
    .limit(1);
  if (!stored) return false;
  const challenge = signedChallenge(credential.response.clientDataJSON);
  const rowId = expected.purpose === 'sign_in' ? expected.rowId : undefined;
  if (!(await consumeWebauthnChallenge(tx, userId, expected.purpose, challenge, now, rowId))) return false;
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

/** Removes one of the own passkeys inside the change's transaction (admins keep at least one factor). */
export async function removePasskey(tx: Tx, user: { id: number; role: UserRole }, passkeyId: number): Promise<void> {
  await assertMayRemoveFactor(tx, user, 'passkey');
  const [row] = await tx
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.userId, user.id)))
    .returning({ id: userPasskeys.id });
  if (!row) throw notFound(TWO_FACTOR_MSG.passkeyGone);
  await dropRecoveryCodesIfNoFactor(tx, user.id);
}
