import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { checkInterviewSlots, INTERVIEW_MSG, type InterviewProposal } from '@pb/core';
import type { Db } from '../../db/client';
import { interviewSlots, interviews, organisations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { enqueueMail } from '../../services/mail-outbox';
import { consentTokenHash, interviewChoiceToken, interviewChoiceUrl, newConsentNonce } from './consent-link';
import { interviewChoiceMail, interviewProposedMail } from './interview-mails';
import {
  authorizeInterviewSide,
  lockInterview,
  newCalendarUid,
  onInterview,
  sendInvitations,
  slotsOf,
  type InterviewContext,
  type InterviewRow,
} from './interview-parts';
import type { Caller } from './policy';
import type { IntroductionRow } from './queries';
import { appendRegisterEntry, lockRegister } from './register';
import { lockIntroduction, mailParties, moveIntroduction } from './service';

/**
 * Arranging an interview (issue 35): the company proposes times, the consultant — or the candidate
 * by a mailed link — picks one, and everyone gets the calendar entry. Each step is a register entry
 * of the introduction, in one transaction with its mails.
 */

export interface InterviewOutcome {
  introductionId: number;
  interviewId: number;
}

/** Open: waiting for a time, or agreed and not yet answered by the company's feedback. */
const openInterview = or(
  eq(interviews.state, 'proposed'),
  and(eq(interviews.state, 'scheduled'), isNull(interviews.feedbackAt)),
);

/** The company proposes 1–5 times; the introduction moves to 'Interview' if it was not there yet. */
export async function proposeInterview(
  db: Db,
  company: Caller,
  introductionId: number,
  input: InterviewProposal,
  ctx: InterviewContext,
): Promise<InterviewOutcome> {
  return db.transaction(async (tx) => {
    await lockRegister(tx);
    const { introduction: row } = authorizeInterviewSide(
      company,
      await lockIntroduction(tx, introductionId),
      'company',
    );
    if (row.consentState !== 'confirmed') throw conflict(INTERVIEW_MSG.notConfirmed);
    if (row.status === 'eingestellt' || row.status === 'abgesagt') throw conflict(INTERVIEW_MSG.introductionClosed);
    const checked = checkInterviewSlots(input.slots, input.durationMinutes, ctx.now);
    if ('problem' in checked) throw badRequest(checked.problem);
    const [open] = await tx
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.introductionId, row.id), openInterview));
    if (open) throw conflict(INTERVIEW_MSG.openInterview);
    const [interview] = await tx
      .insert(interviews)
      .values({
        introductionId: row.id,
        durationMinutes: input.durationMinutes,
        mode: input.mode,
        location: input.location,
        note: input.note ?? null,
        proposedBy: company.id,
        proposedAt: ctx.now,
        calendarUid: newCalendarUid(),
      })
      .returning({ id: interviews.id });
    const starts = [...checked.starts].sort((a, b) => a.getTime() - b.getTime());
    await tx.insert(interviewSlots).values(starts.map((startsAt) => ({ interviewId: interview!.id, startsAt })));
    if (row.status === 'neu' || row.status === 'in_pruefung') {
      await moveIntroduction(tx, row, { status: 'interview', reason: null }, ctx);
    }
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: row.id,
      kind: 'interview_proposed',
      at: ctx.now,
      data: {
        interviewId: interview!.id,
        slots: starts.map((s) => s.toISOString()),
        durationMinutes: input.durationMinutes,
        mode: input.mode,
      },
    });
    await mailParties(tx, row, ['consultant'], (to, ref) => interviewProposedMail(to, ref, starts, ctx.publicUrl));
    return { introductionId: row.id, interviewId: interview!.id };
  });
}

/** A proposed time is taken: by the consultant, or by the candidate through their link. */
async function schedule(
  tx: Db,
  row: IntroductionRow,
  interview: InterviewRow,
  slotId: number,
  chosenBy: 'consultant' | 'candidate',
  ctx: InterviewContext,
): Promise<InterviewOutcome> {
  if (interview.state === 'cancelled') throw conflict(INTERVIEW_MSG.cancelled);
  if (interview.state === 'scheduled') throw conflict(INTERVIEW_MSG.alreadyScheduled);
  if (row.status === 'abgesagt' || row.status === 'eingestellt') throw conflict(INTERVIEW_MSG.introductionClosed);
  const slot = (await slotsOf(tx, interview.id)).find((s) => s.id === slotId);
  if (!slot) throw badRequest(INTERVIEW_MSG.slotUnknown);
  if (slot.startsAt.getTime() <= ctx.now.getTime()) throw conflict(INTERVIEW_MSG.slotPassed);
  const [scheduled] = await tx
    .update(interviews)
    .set({ state: 'scheduled', chosenSlotId: slot.id, chosenBy, scheduledAt: ctx.now, updatedAt: ctx.now })
    .where(eq(interviews.id, interview.id))
    .returning();
  await appendRegisterEntry(tx, ctx.registerSecret, {
    introductionId: row.id,
    kind: 'interview_scheduled',
    at: ctx.now,
    data: { interviewId: interview.id, startsAt: slot.startsAt.toISOString(), chosenBy },
  });
  await sendInvitations(tx, row, scheduled!, slot.startsAt, 'scheduled', ctx);
  return { introductionId: row.id, interviewId: interview.id };
}

export async function chooseInterviewSlot(
  db: Db,
  consultant: Caller,
  interviewId: number,
  slotId: number,
  ctx: InterviewContext,
): Promise<InterviewOutcome> {
  return onInterview(db, consultant, interviewId, 'agency', (tx, { interview, introduction }) =>
    schedule(tx, introduction, interview, slotId, 'consultant', ctx),
  );
}

async function lockInterviewOfToken(tx: Db, token: string) {
  const [found] = await tx
    .select({ id: interviews.id })
    .from(interviews)
    .where(eq(interviews.candidateTokenHash, consentTokenHash(token)));
  if (!found) throw notFound(INTERVIEW_MSG.candidateLinkInvalid);
  return lockInterview(tx, found.id);
}

/** The candidate picks a time through the link the consultant had mailed them. */
export async function chooseInterviewSlotAsCandidate(
  db: Db,
  token: string,
  slotId: number,
  ctx: InterviewContext,
): Promise<InterviewOutcome> {
  await interviewOfCandidateToken(db, token); // a made-up link: 404 before any lock
  return db.transaction(async (tx) => {
    await lockRegister(tx);
    const { interview, introduction } = await lockInterviewOfToken(tx, token);
    // Only while they stand by their consent: a withdrawal ends the introduction anyway.
    if (introduction.consentState !== 'confirmed') throw notFound(INTERVIEW_MSG.candidateLinkInvalid);
    return schedule(tx, introduction, interview, slotId, 'candidate', ctx);
  });
}

/** The consultant lets the candidate pick: a mail from the platform with the link (again on request). */
export async function sendInterviewChoiceLink(
  db: Db,
  consultant: Caller,
  interviewId: number,
  ctx: InterviewContext,
): Promise<InterviewOutcome> {
  return onInterview(db, consultant, interviewId, 'agency', async (tx, { interview, introduction }) => {
    if (interview.state !== 'proposed') throw conflict(INTERVIEW_MSG.onlyProposed);
    if (introduction.status === 'abgesagt' || introduction.status === 'eingestellt') {
      throw conflict(INTERVIEW_MSG.introductionClosed);
    }
    if (introduction.email === null) throw conflict(INTERVIEW_MSG.candidateNoEmail);
    const nonce = interview.candidateNonce ?? newConsentNonce();
    const token = interviewChoiceToken(ctx.registerSecret, interview.id, nonce);
    await tx
      .update(interviews)
      .set({
        candidateNonce: nonce,
        candidateTokenHash: consentTokenHash(token),
        candidateLinkSentAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(interviews.id, interview.id));
    const [agency] =
      introduction.agencyOrganisationId === null
        ? []
        : await tx
            .select({ name: organisations.name })
            .from(organisations)
            .where(inArray(organisations.id, [introduction.agencyOrganisationId]));
    const starts = (await slotsOf(tx, interview.id)).map((s) => s.startsAt).filter((s) => s > ctx.now);
    await enqueueMail(
      tx,
      interviewChoiceMail(
        introduction.email,
        {
          companyName: introduction.companyName,
          agencyName: agency?.name ?? 'Ihre Personalvermittlung',
          jobTitle: introduction.jobTitle,
        },
        starts,
        interviewChoiceUrl(ctx.publicUrl, token),
      ),
    );
    return { introductionId: introduction.id, interviewId: interview.id };
  });
}

/** What the candidate's page shows for an interview link (no lock: a read). */
export async function interviewOfCandidateToken(db: Db, token: string) {
  const [found] = await db
    .select({ interview: interviews })
    .from(interviews)
    .where(eq(interviews.candidateTokenHash, consentTokenHash(token)));
  if (!found) throw notFound(INTERVIEW_MSG.candidateLinkInvalid);
  return found.interview;
}
