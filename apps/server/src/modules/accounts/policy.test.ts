import { describe, expect, it } from 'vitest';
import { profileImageSignature } from '../../services/image-urls';
import { isSelf, mayViewProfileImage, ownsProfileImage } from './policy';

const secret = 'test-secret';

describe('accounts policy', () => {
  it('When a user acts on an account, then only the own one counts as self', () => {
    expect(isSelf({ id: 3 }, 3)).toBe(true);
    expect(isSelf({ id: 3 }, 4)).toBe(false);
  });

  it('When a user deletes an uploaded image, then only its uploader owns it', () => {
    expect(ownsProfileImage({ id: 3 }, { ownerId: 3 })).toBe(true);
    expect(ownsProfileImage({ id: 3 }, { ownerId: 4 })).toBe(false);
    expect(ownsProfileImage({ id: 3 }, { ownerId: null })).toBe(false);
  });

  it('When an image that is not public is asked for, then its uploader, a member of its organisation or the signed URL see it', () => {
    const image = { id: 7, ownerId: 3, viewerIsMember: false };
    const unsigned = { secret, sig: undefined };
    expect(mayViewProfileImage({ id: 3 }, image, unsigned)).toBe(true);
    expect(mayViewProfileImage({ id: 4 }, image, unsigned)).toBe(false);
    expect(mayViewProfileImage({ id: 4 }, { ...image, viewerIsMember: true }, unsigned)).toBe(true);
    expect(mayViewProfileImage(null, image, unsigned)).toBe(false);
    expect(mayViewProfileImage(null, image, { secret, sig: profileImageSignature(secret, 7) })).toBe(true);
    expect(mayViewProfileImage(null, image, { secret, sig: profileImageSignature(secret, 8) })).toBe(false);
    expect(mayViewProfileImage(null, { ...image, ownerId: null }, unsigned)).toBe(false);
  });
});
