import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Random single-use token for mail links; only its SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AccessClaims {
  sub: string;
  /** users.token_version at issue time; a bump revokes the token. */
  ver: number;
  /** The session (user_sessions.id) the token belongs to; revoking it revokes the token. */
  sid: string;
}

const ALG = 'HS256';

export interface VerifiedToken {
  userId: number;
  tokenVersion: number;
  sessionId: string;
  expiresAt: number;
}

/** Tokens whose signature was checked, kept until they expire (most recently used last). */
const MAX_VERIFIED_TOKENS = 20_000;

export class JwtService {
  private readonly key: Uint8Array;
  /**
   * A token's signature and claims never change, so a bearer token sent again is not verified
   * again (WebCrypto per request was a noticeable share of a signed-in list request); its expiry
   * is checked every time. Revocation is the account check's business (services/auth.ts), not this.
   */
  private readonly verified = new Map<string, VerifiedToken>();
  constructor(secret: string, ttl: string) {
    this.key = new TextEncoder().encode(secret);
    this.ttlMs = ttlMilliseconds(ttl);
  }
  private readonly ttlMs: number;

  /** The token of one session (user_sessions row; see modules/accounts/sessions.ts). */
  sign(userId: number, tokenVersion: number, sessionId: string): Promise<string> {
    return new SignJWT({ ver: tokenVersion, sid: sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(this.expiryFrom(new Date()).getTime() / 1000))
      .sign(this.key);
  }

  /** When a token signed now expires (epoch ms): the session row's expiry. */
  expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.ttlMs);
  }

  /**
   * Returns null for anything not a valid, unexpired HS256 token of ours;
   * `expiresAt` is the expiry in epoch milliseconds (live sockets end then).
   */
  async verify(token: string): Promise<VerifiedToken | null> {
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      if (Date.now() >= known.expiresAt) return null;
      this.verified.set(token, known);
      return known;
    }
    let claims: VerifiedToken;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], requiredClaims: ['exp'] });
      const userId = Number(payload.sub);
      const ver = payload['ver'];
      const sid = payload['sid'];
      if (!Number.isInteger(userId) || userId <= 0 || typeof ver !== 'number') return null;
      // A token without a session (issued before sessions existed) is no longer accepted.
      if (typeof sid !== 'string' || sid.length === 0 || sid.length > 64) return null;
      if (typeof payload.exp !== 'number') return null;
      claims = { userId, tokenVersion: ver, sessionId: sid, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
    if (this.verified.size >= MAX_VERIFIED_TOKENS) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, claims);
    return claims;
  }
}

/** JWT_TTL ('8h', '30m', '1d', '3600', '3600s') in milliseconds, as jose reads it. */
export function ttlMilliseconds(ttl: string): number {
  const match =
    /^(\d+)\s*(s|sec|secs|second|seconds|m|min|mins|minute|minutes|h|hr|hrs|hour|hours|d|day|days|w|week|weeks)?$/i.exec(
      ttl.trim(),
    );
  if (!match) throw new Error(`JWT_TTL not understood: ${ttl}`);
  const value = Number(match[1]);
  const unit = (match[2] ?? 's').toLowerCase()[0];
  const factor = unit === 'w' ? 604_800 : unit === 'd' ? 86_400 : unit === 'h' ? 3600 : unit === 'm' ? 60 : 1;
  return value * factor * 1000;
}
