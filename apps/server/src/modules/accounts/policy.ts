import type { UserRole } from '../../db/schema';
import { isPublicConsultant, type AccountState } from '../../services/policies';
import { isValidProfileImageSignature } from './presenter';

/**
 * Who may do what to an account and its profile images. Route tags:
 * - 'accounts.self': the caller's own account only (PUT/DELETE /users/:id, GET /users?filters[id]).
 * - 'accounts.selfOrPublicConsultant': the own account, or a consultant of the directory.
 * - 'accounts.imageOwner': the uploader of a profile image (someone else's looks missing).
 * - 'accounts.imageViewer': a profile image's owner (bearer or signed URL), or anyone for a
 *   listed consultant's chosen image.
 */

/** 'accounts.self': the account is the caller's own. */
export function isSelf(me: { id: number }, userId: number): boolean {
  return me.id === userId;
}

/** 'accounts.imageOwner': the caller uploaded the image. */
export function ownsProfileImage(me: { id: number }, image: { ownerId: number | null }): boolean {
  return image.ownerId === me.id;
}

/** Only the chosen profile image of a listed consultant is public; other uploads (not yet saved) stay the owner's. */
export function isPublicProfileImage(
  image: { id: number },
  owner: AccountState & { role: UserRole; public: boolean; profileImgId: number | null },
): boolean {
  return owner.profileImgId === image.id && isPublicConsultant(owner);
}

/** The owner of a profile image: signed in as the uploader, or holding the URL signed for its owner. */
export function isProfileImageOwner(
  viewer: { id: number } | null,
  image: { id: number; ownerId: number | null },
  signature: { secret: string; sig: string | undefined },
): boolean {
  return (
    viewer?.id === image.ownerId ||
    (signature.sig !== undefined && isValidProfileImageSignature(signature.secret, image.id, signature.sig))
  );
}
