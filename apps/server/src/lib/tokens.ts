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
}

const ALG = 'HS256';

interface VerifiedToken {
  userId: number;
  tokenVersion: number;
  expiresAt: number;
}

/** Tokens whose signature was checked, kept until they expire (most recently used last). */
const MAX_VERIFIED_TOKENS = 20_000;

export class JwtService {
  private readonly key: Uint8Array;
  /**
   * A token's signature and claims never change, so a bearer token sent again is not verified
   * again (WebCrypto per request was a noticeable share of a signed-in list request); its expiry
   * is checked every time. Revocation is the account check's business (lib/auth.ts), not this.
   */
  private readonly verified = new Map<string, VerifiedToken>();
  constructor(
    secret: string,
    private readonly ttl: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(userId: number, tokenVersion: number): Promise<string> {
    return new SignJWT({ ver: tokenVersion })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(this.ttl)
      .sign(this.key);
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
      if (!Number.isInteger(userId) || userId <= 0 || typeof ver !== 'number') return null;
      if (typeof payload.exp !== 'number') return null;
      claims = { userId, tokenVersion: ver, expiresAt: payload.exp * 1000 };
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
