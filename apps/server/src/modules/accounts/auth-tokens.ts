import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens } from '../../db/schema';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';

/** Single-use tokens for mailed links (registration confirmation, password reset). */

export type TokenPurpose = 'email_confirmation' | 'password_reset';

export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

type Tx = Pick<Db, 'insert' | 'update' | 'select'>;

/** Creates a single-use token for a mail link; only its hash is stored. */
export async function issueToken(db: Tx, userId: number, purpose: TokenPurpose, now: Date): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const ttl = purpose === 'email_confirmation' ? CONFIRMATION_TTL_MS : RESET_TTL_MS;
  await db.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return token;
}

/** Marks older unused tokens of a purpose as used (e.g. a new reset code replaces the old). */
export async function invalidateTokens(db: Tx, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/**
 * Uses a token once: only an unused, unexpired token of that purpose matches,
 * and the conditional update makes a second use (even concurrent) fail.
 */
export async function consumeToken(db: Tx, token: string, purpose: TokenPurpose, now: Date): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashOpaqueToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}
