import { eq } from 'drizzle-orm';
import { CONSENT_MSG, type ConsentState } from '@pb/core';
import type { Db } from '../../db/client';
import { introductions, organisations } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { consentAnsweredMail, consentEndedMail, identityReleasedMail } from './consent-mails';
import { consentExpiry, consentToken, consentTokenHash } from './consent-link';
import { erasableColumns, eraseFingerprints, erasePersonalData, erasePresentingData } from './personal-data';
import { PERSONAL_DATA_GONE_UNCONFIRMED } from './personal-data';
import type { IntroductionRow } from './queries';
import { appendRegisterEntry, lockRegister } from './register';
import { cancelOpenInterviews } from './interview-changes';
import type { InterviewContext } from './interview-parts';
import { moveIntroduction, tellParty, type Caller, type IntroductionOutcome, type RegisterContext } from './service';

/**
 * The candidate's answer to the mailed link (issue 35): confirm (the identity goes to the company),
 * decline or let it expire (the introduction ends, its personal data go at once), withdraw later
 * (the introduction ends as a rejection; contact and CV go, the name stays for the claim until the
 * retention run). Each in one transaction with its register entries and mails; the register lock
 * first, as every register command.
 */

export type ConsentOutcome = IntroductionOutcome & { removeFiles: string[] };

/** Whoever is signed in on the candidate's page, if anyone. */
type Session = Pick<Caller, 'organisation'> | null;

/** Signed in for either party: neither may answer for the candidate. */
function assertNotParty(row: IntroductionRow, session: Session): void {
  const own = session?.organisation?.organisationId;
  if (own !== undefined && (own === row.agencyOrganisationId || own === row.companyOrganisationId)) {
    throw forbidden(CONSENT_MSG.partySession);
  }
}

/**
 * The candidate's answer in one transaction: the register lock first (as every register command),
 * then the link's introduction, refused for either party's session.
 */
async function answering<T>(
  db: Db,
  token: string,
  session: Session,
  answer: (tx: Db, row: IntroductionRow) => Promise<T>,
): Promise<T> {
  // A made-up link is answered without waiting for the register lock (it would queue behind every command).
  const [known] = await db
    .select({ id: introductions.id })
    .from(introductions)
    .where(eq(introductions.consentTokenHash, consentTokenHash(token)))
    .limit(1);
  if (!known) throw notFound(CONSENT_MSG.invalidLink);
  return db.transaction(async (tx) => {
    await lockRegister(tx);
    const row = await lockByToken(tx, token);
    assertNotParty(row, session);
    return answer(tx, row);
  });
}

async function lockByToken(tx: Db, token: string): Promise<IntroductionRow> {
  const [row] = await tx
    .select()
    .from(introductions)
    .where(eq(introductions.consentTokenHash, consentTokenHash(token)))
    .for('update');
  if (!row) throw notFound(CONSENT_MSG.invalidLink);
  return row;
}

const ANSWERED: Record<Exclude<ConsentState, 'pending'>, string> = {
  confirmed: CONSENT_MSG.alreadyConfirmed,
  declined: CONSENT_MSG.alreadyDeclined,
  expired: CONSENT_MSG.expired,
  cancelled: CONSENT_MSG.cancelled,
  withdrawn: CONSENT_MSG.alreadyWithdrawn,
};

export function isExpired(row: Pick<IntroductionRow, 'consentRequestedAt'>, now: Date): boolean {
  const expiry = consentExpiry(row);
  return expiry !== null && now.getTime() > expiry.getTime();
}

/** Ends the introduction as a final rejection without the company's doing (the candidate's answer or the clock). */
async function endAsRejection(tx: Db, row: IntroductionRow, note: string, ctx: RegisterContext): Promise<void> {
  if (row.status === 'abgesagt' || row.status === 'eingestellt') return;
  // The parties hear of the candidate's answer in its own words, not as a stage change.
  await moveIntroduction(tx, row, { status: 'abgesagt', reason: note, reasonCategory: 'kandidat_abgesprungen' }, ctx, {
    notify: false,
    cause: 'consent',
  });
}

/**
 * Before the candidate agreed: the introduction ends, no claim remains (claimState 'no_consent'),
 * and the person's data and fingerprints go at once. 'cancelled': the company rejected it unseen
 * (its own status entry stands already).
 */
export async function endUnconfirmed(
  tx: Db,
  row: IntroductionRow,
  outcome: 'declined' | 'expired' | 'cancelled',
  ctx: RegisterContext,
): Promise<string[]> {
  await tx
    .update(introductions)
    .set({
      consentState: outcome,
      ...(outcome === 'declined' ? { consentAnsweredAt: ctx.now } : {}),
      updatedAt: ctx.now,
    })
    .where(eq(introductions.id, row.id));
  const kinds = { declined: 'consent_declined', expired: 'consent_expired', cancelled: 'consent_cancelled' } as const;
  await appendRegisterEntry(tx, ctx.registerSecret, {
    introductionId: row.id,
    kind: kinds[outcome],
    at: ctx.now,
    data: {},
  });
  if (outcome !== 'cancelled') {
    await endAsRejection(tx, row, 'Keine Zustimmung der Kandidatin bzw. des Kandidaten.', ctx);
    const bell = { title: 'Vorstellung ohne Zustimmung beendet', body: `Kandidatenvorstellung Nr. ${row.id}` };
    await tellParty(
      tx,
      row,
      'consultant',
      bell,
      (to, ref) => consentAnsweredMail(to, ref, outcome, ctx.publicUrl),
      ctx.now,
    );
    await tellParty(tx, row, 'company', bell, (to, ref) => consentEndedMail(to, ref, outcome, ctx), ctx.now);
  }
  const [erasable] = await tx.select(erasableColumns).from(introductions).where(eq(introductions.id, row.id));
  const files = await erasePersonalData(tx, erasable!, ctx.now, ctx.registerSecret, PERSONAL_DATA_GONE_UNCONFIRMED);
  await eraseFingerprints(tx, row.id, ctx.now, ctx.registerSecret);
  return files;
}

/**
 * The candidate's 'Ja': refused for a session of either party (neither can agree for the person)
 * and after an answer. After the deadline the introduction ends here and now (`expired`:
 * the route tells the candidate with a 409 once that is committed).
 */
export async function confirmConsent(
  db: Db,
  token: string,
  input: { keepLonger: boolean },
  session: Session,
  ctx: RegisterContext,
): Promise<ConsentOutcome & { expired: boolean }> {
  const result = await answering(db, token, session, async (tx, row) => {
    if (row.consentState !== 'pending') throw conflict(ANSWERED[row.consentState]);
    if (isExpired(row, ctx.now))
      return { row, removeFiles: await endUnconfirmed(tx, row, 'expired', ctx), expired: true };
    await tx
      .update(introductions)
      .set({
        consentState: 'confirmed',
        consentAt: ctx.now,
        consentAnsweredAt: ctx.now,
        identityReleasedAt: ctx.now,
        keepLonger: input.keepLonger,
        updatedAt: ctx.now,
      })
      .where(eq(introductions.id, row.id));
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: row.id,
      kind: 'consent_confirmed',
      at: ctx.now,
      data: { consentAt: ctx.now.toISOString(), keepLonger: input.keepLonger },
    });
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: row.id,
      kind: 'identity_released',
      at: ctx.now,
      data: { companyOrganisationId: row.companyOrganisationId },
    });
    const body = `Kandidatenvorstellung Nr. ${row.id} zu „${row.jobTitle}“`;
    await tellParty(
      tx,
      row,
      'company',
      { title: 'Identität freigegeben', body },
      (to, ref) => identityReleasedMail(to, ref, ctx.publicUrl),
      ctx.now,
    );
    await tellParty(
      tx,
      row,
      'consultant',
      { title: 'Zustimmung erteilt', body },
      (to, ref) => consentAnsweredMail(to, ref, 'confirmed', ctx.publicUrl),
      ctx.now,
    );
    return { row, removeFiles: [], expired: false };
  });
  return {
    introductionId: result.row.id,
    message: null,
    revived: false,
    removeFiles: result.removeFiles,
    expired: result.expired,
  };
}

/** The candidate's 'Nein' (or an expired link): the introduction ends, their data go at once. */
export async function declineConsent(
  db: Db,
  token: string,
  session: Session,
  ctx: RegisterContext,
): Promise<ConsentOutcome> {
  return answering(db, token, session, async (tx, row) => {
    if (row.consentState !== 'pending') throw conflict(ANSWERED[row.consentState]);
    const outcome = isExpired(row, ctx.now) ? 'expired' : 'declined';
    const removeFiles = await endUnconfirmed(tx, row, outcome, ctx);
    return { introductionId: row.id, message: null, revived: false, removeFiles };
  });
}

/**
 * A withdrawal after agreeing (Art. 7 (3) DSGVO): the introduction ends as a final rejection —
 * the company learned who the person is, so the claim lapses as after any rejection and revives if
 * the company hires them within the window. Contact, CV, pitch and profile go now.
 */
export async function withdrawConsent(
  db: Db,
  token: string,
  session: Session,
  ctx: InterviewContext,
): Promise<ConsentOutcome> {
  return answering(db, token, session, async (tx, row) => {
    if (row.consentState === 'withdrawn') throw conflict(CONSENT_MSG.alreadyWithdrawn);
    if (row.consentState !== 'confirmed') throw conflict(CONSENT_MSG.notConfirmed);
    await tx
      .update(introductions)
      .set({
        consentState: 'withdrawn',
        consentWithdrawnAt: ctx.now,
        // Longer keeping was part of the consent: it ends with it (the normal retention applies).
        keepLonger: false,
        updatedAt: ctx.now,
      })
      .where(eq(introductions.id, row.id));
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: row.id,
      kind: 'consent_withdrawn',
      at: ctx.now,
      data: {},
    });
    // The interview goes first, while the candidate's address still receives its cancellation.
    await cancelOpenInterviews(
      tx,
      row,
      'candidate',
      'Die Kandidatin bzw. der Kandidat hat die Einwilligung widerrufen.',
      ctx,
    );
    await endAsRejection(tx, row, 'Die Kandidatin bzw. der Kandidat hat die Einwilligung widerrufen.', ctx);
    const [erasable] = await tx.select(erasableColumns).from(introductions).where(eq(introductions.id, row.id));
    const removeFiles = await erasePresentingData(tx, erasable!, ctx.now);
    const bell = { title: 'Einwilligung widerrufen', body: `Kandidatenvorstellung Nr. ${row.id} zu „${row.jobTitle}“` };
    await tellParty(
      tx,
      row,
      'consultant',
      bell,
      (to, ref) => consentAnsweredMail(to, ref, 'withdrawn', ctx.publicUrl),
      ctx.now,
    );
    await tellParty(tx, row, 'company', bell, (to, ref) => consentEndedMail(to, ref, 'withdrawn', ctx), ctx.now);
    return { introductionId: row.id, message: null, revived: false, removeFiles };
  });
}

/** What the candidate's page shows for a link; an open link past its deadline reads as expired. */
export async function consentOfToken(db: Db, token: string, now: Date) {
  const [found] = await db
    .select({ row: introductions, agencyName: organisations.name })
    .from(introductions)
    .leftJoin(organisations, eq(organisations.id, introductions.agencyOrganisationId))
    .where(eq(introductions.consentTokenHash, consentTokenHash(token)))
    .limit(1);
  if (!found) throw notFound(CONSENT_MSG.invalidLink);
  const state: ConsentState =
    found.row.consentState === 'pending' && isExpired(found.row, now) ? 'expired' : found.row.consentState;
  return { row: found.row, agencyName: found.agencyName ?? 'die Personalvermittlung', state };
}

/** The link's secret of an open request, derived again (demo data, tests; the reminder does the same). */
export async function consentTokenOf(db: Db, registerSecret: string, introductionId: number): Promise<string | null> {
  const [row] = await db
    .select({ nonce: introductions.consentNonce })
    .from(introductions)
    .where(eq(introductions.id, introductionId));
  return row?.nonce ? consentToken(registerSecret, introductionId, row.nonce) : null;
}
