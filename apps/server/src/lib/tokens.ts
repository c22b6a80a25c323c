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

export class JwtService {
  private readonly key: Uint8Array;
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
  async verify(token: string): Promise<{ userId: number; tokenVersion: number; expiresAt: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], requiredClaims: ['exp'] });
      const userId = Number(payload.sub);
      const ver = payload['ver'];
      if (!Number.isInteger(userId) || userId <= 0 || typeof ver !== 'number') return null;
      if (typeof payload.exp !== 'number') return null;
      return { userId, tokenVersion: ver, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}
