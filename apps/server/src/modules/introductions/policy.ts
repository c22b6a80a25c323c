import { INTRODUCTION_MSG } from '@pb/core';
import { forbidden, notFound } from '../../lib/errors';
import { hasRole, isPartyOf, type ConsultantCompanyPair, type PolicyCaller } from '../../services/policies';

/**
 * Who may see and act on an introduction (issue 11), for REST routes (policies
 * 'introductions.party', 'introductions.company', 'introductions.introducer') and live events:
 * the introducing consultant and the owning company are its parties; admins read and resolve.
 * Everybody else gets 404 — an introduction's existence is not revealed.
 */

type Caller = PolicyCaller;
type Parties = ConsultantCompanyPair;

export const isIntroductionParty = isPartyOf;

/** Parties and admins read it (detail, CV, proof); others 404. */
export function authorizeIntroductionReading<I extends Parties>(user: Caller, introduction: I | undefined): I {
  if (!introduction) throw notFound(INTRODUCTION_MSG.notFound);
  if (!isIntroductionParty(user, introduction) && !hasRole(user, 'admin')) throw notFound(INTRODUCTION_MSG.notFound);
  return introduction;
}

/** Only the company it was made to reacts (stages, 'Bereits bekannt', seen); the consultant and admins 403, others 404. */
export function authorizeIntroductionCompany<I extends Parties>(user: Caller, introduction: I | undefined): I {
  const readable = authorizeIntroductionReading(user, introduction);
  if (readable.companyId !== user.id) throw forbidden(INTRODUCTION_MSG.companyOnly);
  return readable;
}
