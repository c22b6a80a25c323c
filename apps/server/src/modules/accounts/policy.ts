import { isValidProfileImageSignature } from '../../services/image-urls';

/**
 * Who may do what to an account and its images. Route tags:
 * - 'accounts.self': the caller's own account only (GET/PUT/DELETE /users/:id, GET /users?filters[id]).
 * - 'accounts.imageOwner': the uploader of an image (someone else's looks missing).
 * - 'accounts.imageViewer': anyone for the logo of a listed agency; otherwise the uploader, a member
 *   of the organisation whose logo it is (bearer), or the holder of the signed URL the members get.
 */

/** 'accounts.self': the account is the caller's own. */
export function isSelf(me: { id: number }, userId: number): boolean {
  return me.id === userId;
}

/** 'accounts.imageOwner': the caller uploaded the image. */
export function ownsProfileImage(me: { id: number }, image: { ownerId: number | null }): boolean {
  return image.ownerId === me.id;
}

/** 'accounts.imageViewer' for an image that is not public: its uploader, a member of its organisation, or a signed URL. */
export function mayViewProfileImage(
  viewer: { id: number } | null,
  image: { id: number; ownerId: number | null; viewerIsMember: boolean },
  signature: { secret: string; sig: string | undefined },
): boolean {
  return (
    (viewer !== null && (viewer.id === image.ownerId || image.viewerIsMember)) ||
    (signature.sig !== undefined && isValidProfileImageSignature(signature.secret, image.id, signature.sig))
  );
}
