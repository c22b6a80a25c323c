import { and, asc, eq, gte, inArray, isNull, notInArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import { CIRCUMVENTION_MONTHS, CONSENT_ENDED_UNCONFIRMED } from '@pb/core';
import type { Db } from '../../db/client';
import { introductions } from '../../db/schema';
import { monthsBefore } from '../../lib/months';
import { advertisementsOf } from '../jobs';
import type { CandidateFingerprints } from './fingerprint';
import type { CompanyParty } from './former-companies';

/**
 * Which introductions are about the same candidate (issue 11; issue 28 item 10, decision 0027):
 * the claim checks of a new introduction and of a placement report.
 */

/**
 * Rows with the same candidate: either fingerprint matches. The e-mail's version-1 fingerprint
 * too, so introductions from before the alias folding (0026) are still found (decision 0027).
 */
export function sameCandidate(fingerprints: CandidateFingerprints): SQL | undefined {
  const matches: SQL[] = [];
  const emails = [fingerprints.email, fingerprints.emailLegacy].filter((e): e is string => Boolean(e));
  if (emails.length > 0) matches.push(inArray(introductions.emailFingerprint, emails));
  if (fingerprints.phone) matches.push(eq(introductions.phoneFingerprint, fingerprints.phone));
  return matches.length === 0 ? undefined : or(...matches);
}

/**
 * A claim that stands now: not declared known, not lapsed by a final rejection, not ended without
 * the candidate's consent (issue 35; those also lose their fingerprints at once).
 */
export const liveClaim: SQL = and(
  isNull(introductions.alreadyKnownAt),
  isNull(introductions.claimLapsedAt),
  notInArray(introductions.consentState, [...CONSENT_ENDED_UNCONFIRMED]),
)!;

/**
 * The terms protect an introduction for CIRCUMVENTION_MONTHS (spec §9): only a claim made since
 * then competes, and the retention run deletes the fingerprints after it (retention.ts). `from`:
 * the moment the period runs from (the introduction, or a hire that was never reported).
 */
export function withinProtection(now: Date, from: Column = introductions.introducedAt): SQL {
  return gte(from, monthsBefore(now, CIRCUMVENTION_MONTHS));
}

/**
 * The secondary signal (decision 0027): another agency's live claim with this company on a
 * candidate of the same normalised name, whose contacts did not match. Not decided here — the
 * introduction stays a live claim, and the office is told and clarifies; the parties never see it.
 */
export async function sameNameElsewhere(
  tx: Db,
  company: CompanyParty,
  agencyOrganisationId: number,
  fingerprints: CandidateFingerprints,
): Promise<{ id: number } | undefined> {
  if (!fingerprints.name) return undefined;
  const [match] = await tx
    .select({ id: introductions.id })
    .from(introductions)
    .where(
      and(
        or(
          eq(introductions.companyId, company.contactId),
          company.organisationId === null
            ? undefined
            : inArray(introductions.jobId, advertisementsOf(company.organisationId)),
        ),
        sql`${introductions.agencyOrganisationId} IS DISTINCT FROM ${agencyOrganisationId}`,
        eq(introductions.nameFingerprint, fingerprints.name),
        liveClaim,
      ),
    )
    .orderBy(asc(introductions.introducedAt))
    .limit(1);
  return match;
}
