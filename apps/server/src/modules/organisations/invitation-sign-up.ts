import { ORGANISATION_MSG, MSG, sideOf, type InvitationRegisterRequest } from '@pb/core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation, userColumns, type PresentableUser } from '../accounts';
import { joinByInvitation, usableInvitation } from './invitations';

/**
 * A new account for an invited address: the mailed link proves the address, so the account is
 * confirmed at once and joins the organisation in the invited role. An address that already has an
 * account signs in and accepts instead (the answer says so).
 */
export async function signUpByInvitation(
  db: Db,
  request: InvitationRegisterRequest,
  now: Date,
): Promise<PresentableUser & { tokenVersion: number }> {
  const passwordHash = await hashPassword(request.password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = await usableInvitation(tx, request.token, now);
      if (!invitation) throw badRequest(ORGANISATION_MSG.invitationInvalid);
      const [user] = await tx
        .insert(users)
        .values({
          username: request.username,
          email: invitation.email,
          passwordHash,
          role: sideOf(invitation.kind),
          confirmed: true,
        })
        .returning(userColumns);
      await joinByInvitation(tx, invitation, user!, now);
      return user!;
    });
  } catch (error) {
    // The address or the name is taken (an account made between the page and the submit, too).
    if (isUniqueViolation(error)) throw conflict(MSG.registrationFailed);
    throw error;
  }
}
