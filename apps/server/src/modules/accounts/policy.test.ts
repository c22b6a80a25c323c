import { describe, expect, it } from 'vitest';
import { isProfileImageOwner, isPublicProfileImage, isSelf, ownsProfileImage } from './policy';
import { profileImageSignature } from './presenter';

const secret = 'test-secret';
const listedConsultant = {
  role: 'consultant' as const,
  public: true,
  confirmed: true,
  blocked: false,
  profileImgId: 7,
};

describe('accounts policy', () => {
  it('When a user acts on an account, then only the own one counts as self', () => {
    expect(isSelf({ id: 3 }, 3)).toBe(true);
    expect(isSelf({ id: 3 }, 4)).toBe(false);
  });

  it('When a user deletes a profile image, then only its uploader owns it', () => {
    expect(ownsProfileImage({ id: 3 }, { ownerId: 3 })).toBe(true);
    expect(ownsProfileImage({ id: 3 }, { ownerId: 4 })).toBe(false);
    expect(ownsProfileImage({ id: 3 }, { ownerId: null })).toBe(false);
  });

  it.each([
    ['the chosen image of a listed consultant', { id: 7 }, listedConsultant, true],
    ['another upload of a listed consultant', { id: 8 }, listedConsultant, false],
    ['the image of a consultant who is not public', { id: 7 }, { ...listedConsultant, public: false }, false],
    ['the image of a blocked consultant', { id: 7 }, { ...listedConsultant, blocked: true }, false],
    ['the image of an unconfirmed consultant', { id: 7 }, { ...listedConsultant, confirmed: false }, false],
    ['the image of a company', { id: 7 }, { ...listedConsultant, role: 'company' as const }, false],
  ])('When anyone asks for %s, then public is %s', (_case, image, owner, expected) => {
    expect(isPublicProfileImage(image, owner)).toBe(expected);
  });

  it('When a profile image is asked for by its owner or with the URL signed for it, then the owner sees it', () => {
    const image = { id: 7, ownerId: 3 };
    const unsigned = { secret, sig: undefined };
    expect(isProfileImageOwner({ id: 3 }, image, unsigned)).toBe(true);
    expect(isProfileImageOwner({ id: 4 }, image, unsigned)).toBe(false);
    expect(isProfileImageOwner(null, image, unsigned)).toBe(false);
    expect(isProfileImageOwner(null, image, { secret, sig: profileImageSignature(secret, 7) })).toBe(true);
    expect(isProfileImageOwner(null, image, { secret, sig: profileImageSignature(secret, 8) })).toBe(false);
    expect(isProfileImageOwner(null, { id: 7, ownerId: null }, unsigned)).toBe(false);
  });
});
