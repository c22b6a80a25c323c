import {
  MEMBER_PERMISSION_MSG,
  memberMay,
  ORGANISATION_MSG,
  RATING_MSG,
  type ActiveMembership,
  type RatingSide,
} from '@pb/core';
import { forbidden, notFound } from '../../lib/errors';
import { hasRole, organisationSideOf, type OrganisationPair, type PolicyCaller } from '../../services/policies';

/**
 * Who may rate an introduction's other party and answer a rating (issue 36), for the routes
 * 'ratings.party' and 'ratings.rated'.
 *
 * A rating is the organisation's: a current member of the introduction's company rates its agency,
 * a current member of the agency rates the company, in the organisation the session acts for. The
 * members who may are those who work on introductions (core's 'introductions.write': administrators,
 * Recruiting, Berater) — they saw the introduction; Buchhaltung did not and gets the German 403
 * naming who may. The same members answer a published comment about their organisation. The back
 * office moderates and never rates (403); a session without an organisation (a removed member's old
 * one) gets 403; anyone else — and an introduction that does not exist — 404 with the same words,
 * so an introduction's existence is not revealed.
 */

export const RATING_PERMISSION = 'introductions.write' as const;

export type Caller = PolicyCaller & { organisation: ActiveMembership | null };

/** The caller's organisation, when the caller is a member who may rate or answer; else the refusal. */
function ratingMember(user: Caller): ActiveMembership {
  if (hasRole(user, 'admin')) throw forbidden(RATING_MSG.notParty);
  if (!user.organisation) throw forbidden(ORGANISATION_MSG.noOrganisation);
  return user.organisation;
}

/** The caller's side of the introduction (the side that rates the other); refuses everyone else. */
export function authorizeRatingParty<I extends OrganisationPair>(
  user: Caller,
  introduction: I | undefined,
): { introduction: I; side: RatingSide; membership: ActiveMembership } {
  const membership = ratingMember(user);
  const side = introduction ? organisationSideOf(membership, introduction) : null;
  if (!introduction || side === null) throw notFound(RATING_MSG.notParty);
  if (!memberMay(membership, RATING_PERMISSION)) throw forbidden(MEMBER_PERMISSION_MSG[RATING_PERMISSION]);
  return { introduction, side, membership };
}

/** A member of the rated organisation who may answer its rating; another organisation's rating is a 404. */
export function authorizeReply<R extends { ratedOrganisationId: number }>(
  user: Caller,
  rating: R | undefined,
): { rating: R; membership: ActiveMembership } {
  const membership = ratingMember(user);
  if (!rating || rating.ratedOrganisationId !== membership.organisationId) throw notFound(RATING_MSG.notFound);
  if (!memberMay(membership, RATING_PERMISSION)) throw forbidden(MEMBER_PERMISSION_MSG[RATING_PERMISSION]);
  return { rating, membership };
}

/** The organisation a side rates: the company rates the agency, the agency the company. */
export function ratedOrganisationOf(pair: OrganisationPair, side: RatingSide): number | null {
  return side === 'company' ? pair.agencyOrganisationId : pair.companyOrganisationId;
}

/** The organisation that rates from a side. */
export function raterOrganisationOf(pair: OrganisationPair, side: RatingSide): number | null {
  return side === 'company' ? pair.companyOrganisationId : pair.agencyOrganisationId;
}
