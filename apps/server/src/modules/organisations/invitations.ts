import { and, eq, sql } from 'drizzle-orm';
import { INVITATION_VALID_DAYS, isRoleOf, ORGANISATION_MSG, type InvitationRequest } from '@pb/core';
import type { Db } from '../../db/client';
import { organisationInvitations, organisationMembers, userSessions, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { recordAudit } from '../../services/audit';
import type { CurrentUser } from '../../services/auth';
import type { Actor } from './commands';
import { queueInvitationMail } from './mails';
import { findInvitationByTokenHash, findMembership } from './queries';

/**
 * Invitations by e-mail (decision 0031): single use, seven days, only the token's hash is kept; the
 * mailed link carries the token in its fragment. Commands own their transaction and audit entry.
 */

function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000);
}

/**
 * Invites an address in a role: a new invitation, or a fresh token for the open one to the same
 * address (the old link stops working). Members cannot be invited again.
 */
export async function inviteMember(
  db: Db,
  actor: Actor,
  request: InvitationRequest,
  context: { now: Date; publicUrl: string },
): Promise<number> {
  const { organisationId, kind, organisationName } = actor.organisation;
  if (!isRoleOf(kind, request.role)) throw badRequest(ORGANISATION_MSG.roleInvalid);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: organisationMembers.id })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(
        and(
          eq(organisationMembers.organisationId, organisationId),
          sql`lower(${users.email}) = ${request.email}`,
          sql`${organisationMembers.leftAt} IS NULL`,
        ),
      )
      .limit(1);
    if (existing) throw conflict(ORGANISATION_MSG.alreadyMember);
    const { token, hash } = newOpaqueToken();
    const expiresAt = invitationExpiry(context.now);
    const [row] = await tx
      .insert(organisationInvitations)
      .values({
        organisationId,
        email: request.email,
        role: request.role,
        tokenHash: hash,
        invitedBy: actor.id,
        lastSentAt: context.now,
        expiresAt,
        createdAt: context.now,
      })
      .onConflictDoUpdate({
        target: [organisationInvitations.organisationId, organisationInvitations.email],
        targetWhere: sql`accepted_at IS NULL AND revoked_at IS NULL`,
        set: {
          role: request.role,
          tokenHash: hash,
          invitedBy: actor.id,
          sendCount: sql`${organisationInvitations.sendCount} + 1`,
          lastSentAt: context.now,
          expiresAt,
        },
      })
      .returning({ id: organisationInvitations.id });
    await queueInvitationMail(tx, context.publicUrl, {
      to: request.email,
      organisationName,
      role: request.role,
      invitedBy: actor.email,
      token,
      expiresAt,
    });
    await recordAudit(tx, actor, {
      action: 'organisation.invitation',
      entity: 'organisation_invitation',
      entityId: row!.id,
      after: { organisationId, email: request.email, role: request.role },
    });
    return row!.id;
  });
}

async function openInvitation(tx: Pick<Db, 'select'>, organisationId: number, invitationId: number) {
  const [row] = await tx
    .select()
    .from(organisationInvitations)
    .where(
      and(eq(organisationInvitations.id, invitationId), eq(organisationInvitations.organisationId, organisationId)),
    )
    .for('update');
  if (!row) throw notFound(ORGANISATION_MSG.invitationNotFound);
  if (row.acceptedAt !== null || row.revokedAt !== null) throw conflict(ORGANISATION_MSG.invitationNotPending);
  return row;
}

/** Sends the open invitation again with a fresh token and seven more days. */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  invitationId: number,
  context: { now: Date; publicUrl: string },
): Promise<void> {
  const { organisationId, organisationName } = actor.organisation;
  await db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, organisationId, invitationId);
    const { token, hash } = newOpaqueToken();
    const expiresAt = invitationExpiry(context.now);
    await tx
      .update(organisationInvitations)
      .set({
        tokenHash: hash,
        sendCount: invitation.sendCount + 1,
        lastSentAt: context.now,
        expiresAt,
        invitedBy: actor.id,
      })
      .where(eq(organisationInvitations.id, invitationId));
    await queueInvitationMail(tx, context.publicUrl, {
      to: invitation.email,
      organisationName,
      role: invitation.role,
      invitedBy: actor.email,
      token,
      expiresAt,
    });
  });
}

/** Withdraws an open invitation: its link stops working. */
export async function revokeInvitation(db: Db, actor: Actor, invitationId: number, now: Date): Promise<void> {
  const { organisationId } = actor.organisation;
  await db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, organisationId, invitationId);
    await tx
      .update(organisationInvitations)
      .set({ revokedAt: now, revokedBy: actor.id })
      .where(eq(organisationInvitations.id, invitationId));
    await recordAudit(tx, actor, {
      action: 'organisation.invitation-revoked',
      entity: 'organisation_invitation',
      entityId: invitationId,
      before: { organisationId, email: invitation.email, role: invitation.role },
    });
  });
}

/** The invitation a mailed token names, if it can still be accepted. */
export async function usableInvitation(db: Pick<Db, 'select'>, token: string, now: Date) {
  const invitation = await findInvitationByTokenHash(db, hashOpaqueToken(token));
  if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null) return null;
  if (invitation.expiresAt.getTime() <= now.getTime()) return null;
  return invitation;
}

type UsableInvitation = NonNullable<Awaited<ReturnType<typeof usableInvitation>>>;

/**
 * Uses the invitation up and makes the person a member in its role (audited). The claim is one
 * conditional update: two tabs accepting the same link at once make one membership.
 */
export async function joinByInvitation(
  tx: Pick<Db, 'insert' | 'update'>,
  invitation: UsableInvitation,
  user: Pick<CurrentUser, 'id' | 'email'>,
  now: Date,
): Promise<number> {
  const [claimed] = await tx
    .update(organisationInvitations)
    .set({ acceptedAt: now, acceptedBy: user.id })
    .where(
      and(
        eq(organisationInvitations.id, invitation.id),
        sql`${organisationInvitations.acceptedAt} IS NULL AND ${organisationInvitations.revokedAt} IS NULL`,
      ),
    )
    .returning({ id: organisationInvitations.id });
  if (!claimed) throw badRequest(ORGANISATION_MSG.invitationInvalid);
  const [member] = await tx
    .insert(organisationMembers)
    .values({
      organisationId: invitation.organisationId,
      userId: user.id,
      role: invitation.role,
      invitedBy: invitation.invitedBy,
      joinedAt: now,
      lastActiveAt: now,
    })
    .returning({ id: organisationMembers.id });
  await recordAudit(tx, user, {
    action: 'organisation.invitation-accepted',
    entity: 'organisation_member',
    entityId: member!.id,
    after: { organisationId: invitation.organisationId, userId: user.id, role: invitation.role },
  });
  return member!.id;
}

/**
 * Accepts an invitation for the signed-in person, whose address must be the invited one; the
 * session then acts for the new organisation.
 */
export async function acceptInvitation(
  db: Db,
  user: Pick<CurrentUser, 'id' | 'email' | 'role'>,
  sessionId: string | null,
  token: string,
  now: Date,
): Promise<{ memberId: number; endedSessions: string[] }> {
  return db.transaction(async (tx) => {
    const invitation = await usableInvitation(tx, token, now);
    if (!invitation) throw badRequest(ORGANISATION_MSG.invitationInvalid);
    // The back office acts for the operator, never for a party it supervises.
    if (user.role === 'admin') throw forbidden(ORGANISATION_MSG.backOfficeCannotJoin);
    if (invitation.email !== user.email.toLowerCase()) {
      throw forbidden(ORGANISATION_MSG.invitationOtherAddress);
    }
    if (await findMembership(tx, invitation.organisationId, user.id)) throw conflict(ORGANISATION_MSG.alreadyMember);
    const memberId = await joinByInvitation(tx, invitation, user, now);
    if (sessionId !== null) {
      await tx
        .update(userSessions)
        .set({ organisationMemberId: memberId })
        .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, user.id)));
    }
    return { memberId, endedSessions: sessionId === null ? [] : [sessionId] };
  });
}
