import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Addresses of stored images (GET /api/profile-images/:id): an organisation's logo, or an image a
 * member uploaded for it and has not saved yet. A signed address (?sig=…) lets the members' plain
 * <img> load an image that is not public, without a bearer header; it is valid for that image only.
 */

export function profileImageSignature(secret: string, uploadId: number): string {
  return createHmac('sha256', secret).update(`profile-image:${uploadId}`).digest('base64url').slice(0, 32);
}

export function isValidProfileImageSignature(secret: string, uploadId: number, sig: string): boolean {
  const expected = Buffer.from(profileImageSignature(secret, uploadId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The image's address; signed with a secret (for the members), plain for a public logo. */
export function profileImageUrl(uploadId: number | null, secret?: string): string | null {
  if (uploadId === null) return null;
  const base = `/api/profile-images/${uploadId}`;
  return secret ? `${base}?sig=${profileImageSignature(secret, uploadId)}` : base;
}
