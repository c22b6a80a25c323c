import { ORGANISATION_MSG } from '@pb/core';
import { forbidden } from '../../lib/errors';
import type { ActiveMembership, CurrentUser } from '../../services/auth';

/**
 * Who may do what in an organisation (decision 0031). A person acts for the organisation their
 * session has chosen, never for one named in the request: an id in a path cannot reach another
 * organisation's members or invitations. Routes name these rules in `config.policy`
 * ('organisations.member', 'organisations.administrator'); sockets ask the same functions.
 */

export type ActingMember = CurrentUser & { organisation: ActiveMembership };

/** policy 'organisations.member': the session acts for an organisation. */
export function actingMember(user: CurrentUser): ActingMember {
  if (!user.organisation) throw forbidden(ORGANISATION_MSG.noOrganisation);
  return user as ActingMember;
}

export function isAdministrator(membership: ActiveMembership): boolean {
  return membership.role === 'administrator';
}

/** policy 'organisations.administrator': an administrator of the session's organisation. */
export function actingAdministrator(user: CurrentUser): ActingMember {
  const member = actingMember(user);
  if (!isAdministrator(member.organisation)) throw forbidden(ORGANISATION_MSG.adminOnly);
  return member;
}
