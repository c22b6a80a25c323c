import { z } from './zod';
import { MEMBER_ROLES, ORGANISATION_KINDS, type MemberRole, type OrganisationKind } from './roles';

/**
 * What each member role may do (issue 31), defined once: the server's policies ask `memberMay`
 * for every route and socket event, the web asks it to show only what a member can use.
 *
 * Company: Administrator (everything), Recruiting (advertisements, conversations, introductions,
 * placement reports), Buchhaltung (invoices, guarantee claims, statements; reads the rest).
 * Agency: Administrator, Berater (introductions, conversations, own earnings), Buchhaltung
 * (the agency's earnings and payouts).
 */
export const MEMBER_PERMISSIONS = [
  /** Members, invitations, the legal identity. */
  'organisation.manage',
  /** Publish, edit, deactivate advertisements, change their bonus. */
  'advertisements.write',
  /** Write in conversations. */
  'conversations.write',
  /** Introduce candidates (agency) or answer introductions (company). */
  'introductions.write',
  /** Report a placement. */
  'placements.report',
  /** Invoices, guarantee claims, statements: pay, claim, object. */
  'billing.manage',
  /** The agency's earnings of every member. */
  'earnings.agency',
  /** The own earnings. */
  'earnings.own',
] as const;
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];

/** What each kind of organisation does on the marketplace; its administrators may all of it. */
const KIND_PERMISSIONS: Record<OrganisationKind, readonly MemberPermission[]> = {
  company: [
    'organisation.manage',
    'advertisements.write',
    'conversations.write',
    'introductions.write',
    'placements.report',
    'billing.manage',
  ],
  agency: [
    'organisation.manage',
    'conversations.write',
    'introductions.write',
    'placements.report',
    'billing.manage',
    'earnings.agency',
    'earnings.own',
  ],
};

const GRANTS: Record<OrganisationKind, Partial<Record<MemberRole, readonly MemberPermission[]>>> = {
  company: {
    administrator: KIND_PERMISSIONS.company,
    recruiting: ['advertisements.write', 'conversations.write', 'introductions.write', 'placements.report'],
    accounting: ['billing.manage'],
  },
  agency: {
    administrator: KIND_PERMISSIONS.agency,
    consultant: ['conversations.write', 'introductions.write', 'placements.report', 'earnings.own'],
    accounting: ['billing.manage', 'earnings.agency'],
  },
};

/** The part of a membership the rules read. */
export interface MembershipRole {
  kind: OrganisationKind;
  role: MemberRole;
}

/** Whether a member in this role of this kind of organisation may do it (null: no organisation). */
export function memberMay(membership: MembershipRole | null | undefined, permission: MemberPermission): boolean {
  if (!membership) return false;
  return GRANTS[membership.kind][membership.role]?.includes(permission) ?? false;
}

/** The German refusal for a member whose role does not allow the action. */
export const MEMBER_PERMISSION_MSG: Record<MemberPermission, string> = {
  'organisation.manage': 'Diese Aktion ist den Administratoren der Organisation vorbehalten.',
  'advertisements.write': 'Inserate verwalten Administratoren und Recruiting; Ihre Rolle kann sie nur ansehen.',
  'conversations.write': 'Ihre Rolle in dieser Organisation kann in Unterhaltungen nur mitlesen.',
  'introductions.write':
    'Vorstellungen von Kandidatinnen und Kandidaten sehen und bearbeiten nur Administratoren, Recruiting und Personalberater.',
  'placements.report': 'Ihre Rolle in dieser Organisation kann keine Besetzung melden.',
  'billing.manage': 'Rechnungen und Garantiefälle bearbeiten Administratoren und die Buchhaltung.',
  'earnings.agency': 'Die Provisionen der ganzen Personalvermittlung sehen Administratoren und die Buchhaltung.',
  'earnings.own': 'Ihre Rolle in dieser Organisation hat keine eigenen Provisionen.',
};

/** The organisation a session acts for, as the login answer and /users/me carry it. */
export const activeMembershipSchema = z.object({
  memberId: z.number(),
  organisationId: z.number(),
  organisationName: z.string(),
  kind: z.enum(ORGANISATION_KINDS),
  role: z.enum(MEMBER_ROLES),
});
export type ActiveMembership = z.infer<typeof activeMembershipSchema>;
