import type { SQL } from 'drizzle-orm';
import { INTRODUCTION_MSG, MEMBER_PERMISSION_MSG, memberMay, ORGANISATION_MSG, type ActiveMembership } from '@pb/core';
import { forbidden, notFound } from '../../lib/errors';
import {
  hasRole,
  memberRolesSql,
  organisationSideOf,
  type OrganisationPair,
  type OrganisationSide,
  type PolicyCaller,
} from '../../services/policies';

/**
 * Who may see and act on an introduction (issues 11 and 31), for REST routes (policies
 * 'introductions.party', 'introductions.company', 'introductions.own') and live events. An
 * introduction belongs to the agency and is made to the company of the advertisement: the members
 * of either side whose role handles introductions (administrators; Recruiting, Berater) see it,
 * the company's answer it; the back office reads and resolves. A member of either side whose role
 * does not handle introductions (Buchhaltung) gets a German 403 naming who may; everybody else
 * 404 — an introduction's existence is not revealed.
 */

export type Caller = PolicyCaller & { organisation: ActiveMembership | null };

/** The introduction's organisations: the agency it belongs to, the company it was made to. */
export type IntroductionParties = OrganisationPair;

/** The caller's side of the introduction when their role handles introductions; else null. */
export function introductionSideOf(
  user: Pick<Caller, 'organisation'>,
  introduction: IntroductionParties,
): OrganisationSide | null {
  const side = organisationSideOf(user.organisation, introduction);
  return side !== null && memberMay(user.organisation, 'introductions.write') ? side : null;
}

/** Members who handle introductions and admins read it (detail, CV, proof). */
export function authorizeIntroductionReading<I extends IntroductionParties>(
  user: Caller,
  introduction: I | undefined,
): I {
  if (!introduction) throw notFound(INTRODUCTION_MSG.notFound);
  if (introductionSideOf(user, introduction) !== null || hasRole(user, 'admin')) return introduction;
  if (organisationSideOf(user.organisation, introduction) !== null) {
    throw forbidden(MEMBER_PERMISSION_MSG['introductions.write']);
  }
  throw notFound(INTRODUCTION_MSG.notFound);
}

/** Only the company it was made to reacts (stages, 'Bereits bekannt', seen); the agency and admins 403. */
export function authorizeIntroductionCompany<I extends IntroductionParties>(
  user: Caller,
  introduction: I | undefined,
): I {
  const readable = authorizeIntroductionReading(user, introduction);
  if (introductionSideOf(user, readable) !== 'company') throw forbidden(INTRODUCTION_MSG.companyOnly);
  return readable;
}

/** The lists of the own organisation's introductions: members who handle them; others a German 403. */
export function authorizeOwnIntroductions(user: Caller): ActiveMembership {
  const membership = user.organisation;
  if (!membership) throw forbidden(ORGANISATION_MSG.noOrganisation);
  if (!memberMay(membership, 'introductions.write')) throw forbidden(MEMBER_PERMISSION_MSG['introductions.write']);
  return membership;
}

/** The roles that handle introductions, as SQL over `kind` and `role` columns (who hears of a change). */
export const introductionRolesSql = (kind: SQL, role: SQL): SQL =>
  memberRolesSql(kind, role, (m) => memberMay(m as Pick<ActiveMembership, 'kind' | 'role'>, 'introductions.write'));
