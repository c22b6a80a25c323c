import { and, eq, sql } from 'drizzle-orm';
import { isRoleOf, legalIdentityGap, memberMay, ORGANISATION_MSG, type LegalIdentity, type MemberRole } from '@pb/core';
import type { Db } from '../../db/client';
import { organisationMembers, organisations, users, userSessions } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit } from '../../services/audit';
import type { ActiveMembership, CurrentUser } from '../../services/auth';
import { legalIdentityOf } from './presenter';
import { handOverWork } from './hand-over';
import {
  countAdministrators,
  findMember,
  findMembership,
  longestStandingAdministrator,
  organisationsWithSameIdentity,
} from './queries';

/**
 * The organisation commands. Each owns its transaction (with its audit entry and outbox mail) and
 * answers the sessions whose live sockets must end after the commit: a member's role or membership
 * changed, or a session switched organisations.
 */

export type Actor = Pick<CurrentUser, 'id' | 'email'> & { organisation: ActiveMembership };

export interface MembershipChange {
  /** Sessions acting for a membership that changed: their sockets end after the commit. */
  endedSessions: string[];
}

/**
 * Serialises the member changes of one organisation: the 'at least one administrator' check and
 * the change it guards must not interleave with another administrator's (two demoting each other).
 */
async function lockOrganisation(tx: Pick<Db, 'execute'>, organisationId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM organisations WHERE id = ${organisationId} FOR UPDATE`);
}

async function sessionsActingFor(tx: Pick<Db, 'select'>, memberId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.organisationMemberId, memberId));
  return rows.map((r) => r.id);
}

/** Makes the organisation the session acts for; the person must be a live member of it. */
export async function switchOrganisation(
  db: Db,
  input: { userId: number; sessionId: string; organisationId: number; now: Date },
): Promise<MembershipChange> {
  return db.transaction(async (tx) => {
    const membership = await findMembership(tx, input.organisationId, input.userId);
    if (!membership) throw notFound(ORGANISATION_MSG.notMember);
    await tx
      .update(userSessions)
      .set({ organisationMemberId: membership.id })
      .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId)));
    await tx
      .update(organisationMembers)
      .set({ lastActiveAt: input.now })
      .where(eq(organisationMembers.id, membership.id));
    return { endedSessions: [input.sessionId] };
  });
}

/** An administrator gives or corrects the legal identity invoices and the register name. */
export async function updateLegalIdentity(db: Db, actor: Actor, identity: LegalIdentity, now: Date): Promise<void> {
  const organisationId = actor.organisation.organisationId;
  const gap = legalIdentityGap(actor.organisation.kind, identity);
  if (gap) throw badRequest(gap.message, { errors: [{ path: `/${gap.field}`, message: gap.message }] });
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
    if (!before) throw notFound();
    await tx
      .update(organisations)
      .set({ ...identity, updatedAt: now })
      .where(eq(organisations.id, organisationId));
    await recordAudit(tx, actor, {
      action: 'organisation.legal-identity',
      entity: 'organisation',
      entityId: organisationId,
      before: legalIdentityOf(before),
      after: identity,
    });
    // The same numbers as an organisation whose contract ended (or another that exists): the back
    // office's organisation page shows it; the audit log says when it appeared.
    const numbersChanged = before.uid !== identity.uid || before.registerNumber !== identity.registerNumber;
    const same = numbersChanged
      ? await organisationsWithSameIdentity(tx, {
          id: organisationId,
          uid: identity.uid ?? null,
          registerNumber: identity.registerNumber ?? null,
        })
      : [];
    if (same.length > 0) {
      await recordAudit(tx, actor, {
        action: 'organisation.same-identity',
        entity: 'organisation',
        entityId: organisationId,
        after: {
          organisations: same.map((o) => ({ id: o.id, name: o.name, contractEndsAt: o.contractEndsAt })),
        },
      });
    }
  });
}

/** An administrator changes a member's role; the organisation keeps at least one administrator. */
export async function changeMemberRole(
  db: Db,
  actor: Actor,
  memberId: number,
  role: MemberRole,
): Promise<MembershipChange> {
  const { organisationId, kind } = actor.organisation;
  if (!isRoleOf(kind, role)) throw badRequest(ORGANISATION_MSG.roleInvalid);
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisationId);
    const member = await findMember(tx, organisationId, memberId);
    if (!member) throw notFound(ORGANISATION_MSG.memberNotFound);
    if (member.role === role) return { endedSessions: [] };
    if (member.role === 'administrator' && (await countAdministrators(tx, organisationId)) <= 1) {
      throw conflict(ORGANISATION_MSG.lastAdministrator);
    }
    await tx.update(organisationMembers).set({ role }).where(eq(organisationMembers.id, memberId));
    await recordAudit(tx, actor, {
      action: 'organisation.member-role',
      entity: 'organisation_member',
      entityId: memberId,
      before: { organisationId, userId: member.userId, role: member.role },
      after: { organisationId, userId: member.userId, role },
    });
    return { endedSessions: await sessionsActingFor(tx, memberId) };
  });
}

/**
 * Ends a membership: the member leaves, or an administrator removes them. What the organisation
 * owns stays with it; the sessions acting for the membership lose it (and their sockets).
 */
export async function endMembership(
  db: Db,
  actor: Actor,
  memberId: number,
  context: { now: Date; registerSecret: string; successorMemberId?: number | undefined },
): Promise<MembershipChange> {
  const { organisationId, kind } = actor.organisation;
  const self = actor.organisation.memberId === memberId;
  if (!self && actor.organisation.role !== 'administrator') throw forbidden(ORGANISATION_MSG.adminOnly);
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisationId);
    const member = await findMember(tx, organisationId, memberId);
    if (!member) throw notFound(ORGANISATION_MSG.memberNotFound);
    if (member.role === 'administrator' && (await countAdministrators(tx, organisationId)) <= 1) {
      throw conflict(ORGANISATION_MSG.lastAdministrator);
    }
    const successor = await successorFor(tx, actor, member, context.successorMemberId);
    const handedOver = await handOverWork(tx, {
      organisationId,
      kind,
      fromUserId: member.userId,
      to: successor,
      now: context.now,
      registerSecret: context.registerSecret,
    });
    const endedSessions = await sessionsActingFor(tx, memberId);
    await tx
      .update(organisationMembers)
      .set({ leftAt: context.now, endedBy: actor.id })
      .where(eq(organisationMembers.id, memberId));
    await tx
      .update(userSessions)
      .set({ organisationMemberId: null })
      .where(eq(userSessions.organisationMemberId, memberId));
    await recordAudit(tx, actor, {
      action: self ? 'organisation.member-left' : 'organisation.member-removed',
      entity: 'organisation_member',
      entityId: memberId,
      before: { organisationId, userId: member.userId, role: member.role },
      after: { handedOverTo: successor.userId, ...handedOver },
    });
    return { endedSessions };
  });
}

/**
 * Who takes over a leaving member's work (issue 31): the member an administrator chose, else the
 * administrator removing them, else (someone leaving) the organisation's longest-standing other
 * administrator. It must be another live member whose role handles introductions.
 */
async function successorFor(
  tx: Db,
  actor: Actor,
  leaving: { id: number; userId: number },
  chosen: number | undefined,
): Promise<{ memberId: number; userId: number; name: string }> {
  const { organisationId, kind } = actor.organisation;
  if (chosen !== undefined && actor.organisation.role !== 'administrator') throw forbidden(ORGANISATION_MSG.adminOnly);
  const candidateId =
    chosen ??
    (actor.organisation.memberId !== leaving.id
      ? actor.organisation.memberId
      : await longestStandingAdministrator(tx, organisationId, leaving.id));
  const candidate = candidateId === null ? undefined : await findMember(tx, organisationId, candidateId);
  if (!candidate || candidate.id === leaving.id || !memberMay({ kind, role: candidate.role }, 'introductions.write')) {
    throw badRequest(ORGANISATION_MSG.successorInvalid);
  }
  const [person] = await tx.select({ username: users.username }).from(users).where(eq(users.id, candidate.userId));
  return { memberId: candidate.id, userId: candidate.userId, name: person?.username ?? '' };
}
