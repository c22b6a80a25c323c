import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { claimRevivalDeadline, CIRCUMVENTION_MONTHS, INTRODUCTION_MSG, viennaDate } from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, placementReports, type CircumventionEvidence } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { monthsBefore } from '../../lib/months';
import { fingerprintsOf, type CandidateFingerprints } from './fingerprint';
import { circumventionMail } from './mails';
import type { IntroductionRow } from './queries';
import { appendRegisterEntry } from './register';
import { sameCandidate } from './matching';
import { moveIntroduction, reviveClaimIfInWindow, type RegisterContext } from './service';

/**
 * What a placement report means for the register (issue 11): a report names the
 * introduction of the hired candidate (its locked bonus applies; it moves to 'eingestellt'
 * or revives within the window), and a report whose candidate another consultant has a
 * live or revivable claim on from the last CIRCUMVENTION_MONTHS is flagged
 * 'Umgehungsverdacht' for the back office, with the evidence.
 */

export interface PlacementClaimInput {
  reporter: { id: number; role: string };
  job: { id: number; ownerId: number | null };
  introductionId: number | undefined;
  candidateEmail: string | undefined;
  candidatePhone: string | undefined;
}

/**
 * The introduction a report names, locked: it must be about this advertisement and, for a
 * consultant's report, be the consultant's own. A wrong id is a 400 that reveals nothing.
 */
export async function introductionForReport(tx: Db, input: PlacementClaimInput): Promise<IntroductionRow | null> {
  if (input.introductionId === undefined) return null;
  const [row] = await tx.select().from(introductions).where(eq(introductions.id, input.introductionId)).for('update');
  const mine = input.reporter.role === 'consultant' ? row?.consultantId === input.reporter.id : true;
  if (!row || row.jobId !== input.job.id || !mine) throw badRequest(INTRODUCTION_MSG.notFound);
  return row;
}

/** The fingerprints of the hired person: the introduction's, else those of the contact the report gives. */
function reportFingerprints(
  secret: string,
  introduction: IntroductionRow | null,
  input: PlacementClaimInput,
): CandidateFingerprints {
  if (introduction && (introduction.emailFingerprint || introduction.phoneFingerprint)) {
    return { email: introduction.emailFingerprint, phone: introduction.phoneFingerprint };
  }
  return fingerprintsOf(secret, { email: input.candidateEmail, phone: input.candidatePhone });
}

/**
 * After the report's row exists (same transaction): the named introduction moves to
 * 'eingestellt' (reviving a lapsed claim within the window) and records the report; other
 * consultants' claims on the same person with this company are revived where in window and
 * flagged as evidence. Returns whether the report was flagged.
 */
export async function applyPlacementToClaims(
  tx: Db,
  report: { id: number; jobTitle: string; companyName: string },
  introduction: IntroductionRow | null,
  input: PlacementClaimInput,
  ctx: RegisterContext & { officeEmail: string; fingerprintSecret: string },
): Promise<boolean> {
  if (introduction) {
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
      data: { reportId: report.id, reporterId: input.reporter.id },
    });
  }

  const fingerprints = reportFingerprints(ctx.fingerprintSecret, introduction, input);
  const candidate = sameCandidate(fingerprints);
  if (!candidate || input.job.ownerId === null) return false;
  const claimant = introduction?.consultantId ?? (input.reporter.role === 'consultant' ? input.reporter.id : null);
  const rows = await tx
    .select()
    .from(introductions)
    .where(
      and(
        eq(introductions.companyId, input.job.ownerId),
        candidate,
        sql`${introductions.consultantId} IS DISTINCT FROM ${claimant}`,
        sql`${introductions.alreadyKnownAt} IS NULL`,
        gte(introductions.introducedAt, monthsBefore(ctx.now, CIRCUMVENTION_MONTHS)),
        // Claims made after the named introduction are subordinate to it: only earlier ones compete.
        introduction ? lt(introductions.introducedAt, introduction.introducedAt) : undefined,
      ),
    )
    .for('update');
  const evidence: CircumventionEvidence[] = [];
  for (const row of rows) {
    const lapsed = row.claimLapsedAt !== null;
    if (lapsed && viennaDate(ctx.now) > claimRevivalDeadline(row.claimLapsedAt!)) continue;
    const found: CircumventionEvidence = {
      introductionId: row.id,
      consultantId: row.consultantId,
      introducedAt: row.introducedAt.toISOString(),
      claim: lapsed ? 'lapsed' : 'live',
      matchedBy: [
        ...(row.emailFingerprint !== null &&
        [fingerprints.email, fingerprints.emailLegacy].includes(row.emailFingerprint)
          ? (['email'] as const)
          : []),
        ...(fingerprints.phone && row.phoneFingerprint === fingerprints.phone ? (['phone'] as const) : []),
      ],
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
