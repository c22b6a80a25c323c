import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (TOTP seeds) are stored encrypted with AES-256-GCM; codes it
 * only compares (recovery codes) as keyed hashes. The key comes from SECOND_FACTOR_KEY, or is
 * derived from JWT_SECRET when that is unset (docs/operations.md). A database dump alone
 * yields neither seeds nor codes.
 */
export class SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(secret: string) {
    const ikm = Buffer.from(secret, 'utf8');
    this.encryptionKey = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'pb second factor: encryption v1', 32));
    this.hashKey = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'pb second factor: code hash v1', 32));
  }

  /** 'v1.<iv>.<tag>.<ciphertext>', base64url parts. */
  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plaintext, or null when the text was not sealed with this key (or was altered). */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** Keyed hash of a code (recovery codes have ~50 bits: a keyed hash keeps a dump from testing them offline). */
  hash(code: string): string {
    return createHmac('sha256', this.hashKey).update(code).digest('base64url');
  }
}
