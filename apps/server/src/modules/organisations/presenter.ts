import {
  LEGAL_FORMS,
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

/** Invoices can go to it: name, legal form, address, and the Firmenbuchnummer where the form has one. */
export function isLegalIdentityComplete(row: OrganisationRow): boolean {
  if (!row.legalForm || !row.street || !row.postalCode || !row.city) return false;
  if (LEGAL_FORMS[row.legalForm].register && !row.registerNumber) return false;
  return row.kind !== 'agency' || row.gisaNumber !== null;
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
    legalIdentityComplete: isLegalIdentityComplete(row),
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
