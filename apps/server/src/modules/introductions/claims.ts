import { and, asc, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  claimRevivalDeadline,
  CONSENT_ENDED_UNCONFIRMED,
  CONSENT_GIVEN,
  CONSENT_MSG,
  INTRODUCTION_MSG,
  viennaDate,
} from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, placementReports, type CircumventionEvidence } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { enqueueMail } from '../../services/mail-outbox';
import { contactsDiffer, emailMatches, fingerprintsOf, type CandidateFingerprints } from './fingerprint';
import { circumventionMail } from './mails';
import type { IntroductionRow } from './queries';
import { sameCompany } from './former-companies';
import { appendRegisterEntry } from './register';
import { liveClaim, sameCandidate, withinProtection } from './matching';
import { moveIntroduction, reviveClaimIfInWindow, type RegisterContext } from './service';

/**
 * What a placement report means for the register (issue 11): a report names the
 * introduction of the hired candidate (its locked bonus applies; it moves to 'eingestellt'
 * or revives within the window), and a report whose candidate another agency has a
 * live or revivable claim on from the last CIRCUMVENTION_MONTHS is flagged
 * 'Umgehungsverdacht' for the back office, with the evidence.
 */

export interface PlacementClaimInput {
  reporter: { id: number; role: string; organisation: { organisationId: number } | null };
  job: { id: number; ownerId: number | null; organisationId: number | null };
  introductionId: number | undefined;
  candidateEmail: string | undefined;
  candidatePhone: string | undefined;
  /** UIDs the report names for the company (its invoice address): they link a former account too. */
  uids?: readonly string[];
}

/**
 * The introduction a report names, locked: it must be about this advertisement and, for a
 * consultant's report, belong to the consultant's agency (a colleague's counts: the claim is the
 * agency's). A wrong id is a 400 that reveals nothing.
 */
export async function introductionForReport(tx: Db, input: PlacementClaimInput): Promise<IntroductionRow | null> {
  if (input.introductionId === undefined) return null;
  const [row] = await tx.select().from(introductions).where(eq(introductions.id, input.introductionId)).for('update');
  const mine =
    input.reporter.role === 'consultant'
      ? row !== undefined && row.agencyOrganisationId === (input.reporter.organisation?.organisationId ?? null)
      : true;
  if (!row || row.jobId !== input.job.id || !mine) throw badRequest(INTRODUCTION_MSG.notFound);
  // Only a person who agreed to be introduced can be placed through it (issue 35).
  if (!CONSENT_GIVEN.includes(row.consentState)) throw conflict(CONSENT_MSG.placementWithoutConsent);
  return row;
}

/**
 * The hired person as the report describes them: the named introduction's fingerprints — only
 * earlier claims compete with those — and the contact the report gives when it is someone else
 * (a company could name one introduction and hire another's candidate): any claim competes.
 */
function reportCandidates(
  secret: string,
  introduction: IntroductionRow | null,
  input: PlacementClaimInput,
): { named: CandidateFingerprints | null; other: CandidateFingerprints | null } {
  const given = fingerprintsOf(secret, { email: input.candidateEmail, phone: input.candidatePhone });
  const named = introduction ? { email: introduction.emailFingerprint, phone: introduction.phoneFingerprint } : null;
  const givesContact = given.email !== null || given.phone !== null;
  const other = givesContact && (named === null || contactsDiffer(given, named)) ? given : null;
  return { named: named && (named.email !== null || named.phone !== null) ? named : null, other };
}

/**
 * After the report's row exists (same transaction): the named introduction moves to
 * 'eingestellt' (reviving a lapsed claim within the window) and records the report; other
 * agencies' claims on the same person with this company are revived where in window and
 * flagged as evidence. Returns whether the report was flagged.
 */
export async function applyPlacementToClaims(
  tx: Db,
  report: { id: number; jobTitle: string; companyName: string },
  introduction: IntroductionRow | null,
  input: PlacementClaimInput,
  ctx: RegisterContext & { officeEmail: string; fingerprintSecret: string },
): Promise<boolean> {
  if (introduction) await recordPlacementOnIntroduction(tx, introduction, report.id, input.reporter.id, ctx);

  if (input.job.ownerId === null) return false;
  const { named, other } = reportCandidates(ctx.fingerprintSecret, introduction, input);
  const fingerprints = [named, other].filter((f): f is CandidateFingerprints => f !== null);
  const candidate = or(
    // Claims made after the named introduction are subordinate to it: only earlier ones compete.
    named && introduction
      ? and(sameCandidate(named), lt(introductions.introducedAt, introduction.introducedAt))
      : undefined,
    other ? sameCandidate(other) : undefined,
  );
  const rows = candidate ? await competingClaims(tx, input, introduction, candidate, ctx.now) : [];
  const evidence: CircumventionEvidence[] = [];
  for (const row of rows) {
    const lapsed = row.claimLapsedAt !== null;
    if (!revivable(row, ctx.now)) continue;
    const found: CircumventionEvidence = {
      introductionId: row.id,
      consultantId: row.consultantId,
      agencyOrganisationId: row.agencyOrganisationId,
      introducedAt: row.introducedAt.toISOString(),
      claim: lapsed ? 'lapsed' : 'live',
      matchedBy: [
        ...(fingerprints.some((f) => emailMatches(f, row.emailFingerprint)) ? (['email'] as const) : []),
        ...(fingerprints.some((f) => f.phone !== null && row.phoneFingerprint === f.phone) ? (['phone'] as const) : []),
      ],
      basis: 'candidate',
    };
    evidence.push(found);
    // A placement within the window revives the rejected claim of the terms.
    if (lapsed) await reviveClaimIfInWindow(tx, row, 'placement', ctx);
    await tx
      .update(introductions)
      .set({ circumventionAt: ctx.now, updatedAt: ctx.now })
      .where(eq(introductions.id, row.id));
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: row.id,
      kind: 'circumvention_suspected',
      at: ctx.now,
      // The evidence as the report states it (0026), so register:verify can hold the report to it.
      data: { reportId: report.id, claim: found.claim, matchedBy: [...found.matchedBy] },
    });
  }
  // A company reporting its own hire without naming any of the advertisement's introductions: the
  // office sees their claims as evidence (the hired person matched none of them) — the live ones,
  // and those it rejected that may still revive within CIRCUMVENTION_MONTHS (rejecting first and
  // reporting later must not hide them). Only a hint: nothing is revived or registered for them.
  if (input.reporter.role === 'company' && !introduction) {
    const matched = new Set(evidence.map((e) => e.introductionId));
    const claims = await tx
      .select()
      .from(introductions)
      .where(
        and(
          eq(introductions.jobId, input.job.id),
          or(liveClaim, and(isNull(introductions.alreadyKnownAt), withinProtection(ctx.now))),
        ),
      )
      .orderBy(asc(introductions.id));
    for (const row of claims.filter((r) => !matched.has(r.id) && revivable(r, ctx.now))) {
      evidence.push({
        introductionId: row.id,
        consultantId: row.consultantId,
        agencyOrganisationId: row.agencyOrganisationId,
        introducedAt: row.introducedAt.toISOString(),
        claim: row.claimLapsedAt === null ? 'live' : 'lapsed',
        matchedBy: [],
        basis: 'advertisement',
      });
    }
  }
  if (evidence.length === 0) return false;
  await tx
    .update(placementReports)
    .set({ circumventionAt: ctx.now, circumventionEvidence: evidence })
    .where(eq(placementReports.id, report.id));
  await enqueueMail(
    tx,
    circumventionMail(
      ctx.officeEmail,
      report,
      evidence.map((e) => e.introductionId),
      ctx.publicUrl,
    ),
  );
  return true;
}

/**
 * A placement attributed to an introduction: it moves to 'eingestellt' (a lapsed claim revives
 * within the window) and the register records the report — at the report, or when the office's
 * circumvention case attributes a report to it (`actorId`: who reported, or who decided).
 */
export async function recordPlacementOnIntroduction(
  tx: Db,
  introduction: IntroductionRow,
  reportId: number,
  actorId: number,
  ctx: RegisterContext,
): Promise<void> {
  if (introduction.status === 'abgesagt') {
    await reviveClaimIfInWindow(tx, introduction, 'placement', ctx);
  }
  if (introduction.status !== 'eingestellt') {
    const [fresh] = await tx.select().from(introductions).where(eq(introductions.id, introduction.id));
    await moveIntroduction(tx, fresh!, { status: 'eingestellt', reason: null }, ctx);
  }
  await appendRegisterEntry(tx, ctx.registerSecret, {
    introductionId: introduction.id,
    kind: 'placement_reported',
    at: ctx.now,
    data: { reportId, reporterId: actorId },
  });
}

/** A claim that stands, or lapsed by a final rejection and may still revive (RECONTACT_WINDOW_MONTHS). */
function revivable(row: IntroductionRow, now: Date): boolean {
  // Ended before the candidate agreed: there never was a claim (issue 35).
  if (CONSENT_ENDED_UNCONFIRMED.includes(row.consentState)) return false;
  return row.claimLapsedAt === null || viennaDate(now) <= claimRevivalDeadline(row.claimLapsedAt);
}

/**
 * Other agencies' claims on the hired person with this company from the last
 * CIRCUMVENTION_MONTHS, locked: live ones, and lapsed ones that may still revive. The claimant is
 * the named introduction's agency, else the reporting consultant's; a company's report without an
 * introduction has none, and every claim competes.
 */
async function competingClaims(
  tx: Db,
  input: PlacementClaimInput,
  introduction: IntroductionRow | null,
  candidate: SQL,
  now: Date,
): Promise<IntroductionRow[]> {
  const claimant =
    introduction?.agencyOrganisationId ??
    (input.reporter.role === 'consultant' ? (input.reporter.organisation?.organisationId ?? null) : null);
  return tx
    .select()
    .from(introductions)
    .where(
      and(
        // The company, or a former account of it (deleted and registered again, issue 28 (4)).
        sameCompany({ contactId: input.job.ownerId!, organisationId: input.job.organisationId }, now, input.uids),
        candidate,
        claimant === null ? undefined : sql`${introductions.agencyOrganisationId} IS DISTINCT FROM ${claimant}`,
        sql`${introductions.alreadyKnownAt} IS NULL`,
        withinProtection(now),
        introduction ? ne(introductions.id, introduction.id) : undefined,
      ),
    )
    .for('update');
}
