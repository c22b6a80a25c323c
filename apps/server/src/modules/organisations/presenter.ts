import {
  isLegalIdentityComplete,
  type Invitation,
  type Member,
  type MemberRole,
  type Membership,
  type Organisation,
} from '@pb/core';
import type { InvitationRow, MemberRow, OrganisationRow } from './queries';

/** What leaves the server about organisations: no token hashes, no other organisation's data. */

export function presentMembership(
  row: { organisationId: number; name: string; kind: Membership['kind']; role: MemberRole; memberId: number },
  activeMemberId: number | null,
): Membership {
  return {
    organisationId: row.organisationId,
    name: row.name,
    kind: row.kind,
    role: row.role,
    active: row.memberId === activeMemberId,
  };
}

/** The legal identity as stored (the audit log's before, the completeness check's input). */
export function legalIdentityOf(row: OrganisationRow) {
  const { name, legalForm, street, postalCode, city, registerNumber, uid, gisaNumber, billingEmail } = row;
  return { name, legalForm, street, postalCode, city, registerNumber, uid, gisaNumber, billingEmail };
}

export function presentOrganisation(row: OrganisationRow, myRole: MemberRole): Organisation {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    legalForm: row.legalForm,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    registerNumber: row.registerNumber,
    uid: row.uid,
    gisaNumber: row.gisaNumber,
    billingEmail: row.billingEmail,
    legalIdentityComplete: isLegalIdentityComplete(row.kind, legalIdentityOf(row)),
    myRole,
  };
}

export function presentMember(row: MemberRow, selfMemberId: number): Member {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    self: row.id === selfMemberId,
  };
}

export function presentInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sendCount: row.sendCount,
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}
