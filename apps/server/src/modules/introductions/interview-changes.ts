import { and, eq, inArray } from 'drizzle-orm';
import { INTERVIEW_MSG, type InterviewFeedback } from '@pb/core';
import type { Db } from '../../db/client';
import { interviews } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { createNotifications } from '../../services/notifications/centre';
import { feedbackGivenMail } from './interview-mails';
import {
  chosenSlot,
  onInterview,
  sendInvitations,
  type InterviewContext,
  type InterviewRow,
  type SlotRow,
} from './interview-parts';
import type { InterviewOutcome } from './interview-schedule';
import type { Caller } from './policy';
import type { IntroductionRow } from './queries';
import { appendRegisterEntry } from './register';
import { mailParties, moveIntroduction } from './service';

/**
 * After a time is agreed (issue 35): a change of place (the calendar entry updates), a
 * cancellation by either side (the entry is removed), and the company's feedback after the
 * interview — another talk, an offer (the introduction moves to 'Angebot') or a rejection with a
 * reason from the catalogue (it moves to 'Endgültig abgesagt', the claim lapses as after any).
 */

/**
 * Calls the interview off in the caller's transaction: its row (the calendar SEQUENCE raised), the
 * register entry, and — when a time was agreed — everyone's calendar cancellation.
 */
async function callOff(
  tx: Db,
  introduction: IntroductionRow,
  interview: InterviewRow,
  slot: SlotRow | undefined,
  cancellation: { by: 'company' | 'agency' | 'candidate'; reason: string },
  ctx: InterviewContext,
): Promise<void> {
  const [cancelled] = await tx
    .update(interviews)
    .set({
      state: 'cancelled',
      cancelledAt: ctx.now,
      cancelledBy: cancellation.by,
      cancelReason: cancellation.reason,
      calendarSequence: interview.calendarSequence + 1,
      updatedAt: ctx.now,
    })
    .where(eq(interviews.id, interview.id))
    .returning();
  await appendRegisterEntry(tx, ctx.registerSecret, {
    introductionId: introduction.id,
    kind: 'interview_cancelled',
    at: ctx.now,
    data: { interviewId: interview.id, by: cancellation.by },
    note: cancellation.reason,
  });
  if (slot) await sendInvitations(tx, introduction, cancelled!, slot.startsAt, 'cancelled', ctx);
}

/** Either side calls it off before it starts; the calendar entries are cancelled. */
export async function cancelInterview(
  db: Db,
  caller: Caller,
  interviewId: number,
  reason: string,
  ctx: InterviewContext,
): Promise<InterviewOutcome> {
  return onInterview(db, caller, interviewId, 'either', async (tx, { interview, introduction, side }) => {
    if (interview.state === 'cancelled') throw conflict(INTERVIEW_MSG.cancelled);
    const slot = await chosenSlot(tx, interview);
    if (slot && slot.startsAt.getTime() <= ctx.now.getTime()) throw conflict(INTERVIEW_MSG.alreadyHeld);
    await callOff(tx, introduction, interview, slot, { by: side, reason }, ctx);
    if (!slot) {
      // Only proposed: nobody has a calendar entry yet; the other side hears of it.
      const other = side === 'company' ? 'consultant' : 'companyContact';
      const userId = other === 'consultant' ? introduction.consultantId : introduction.companyId;
      if (userId !== null) {
        await createNotifications(
          tx,
          [
            {
              userId,
              kind: 'introduction',
              title: 'Interviewtermine zurückgezogen',
              body: `Kandidatenvorstellung Nr. ${introduction.id}: ${reason}`,
              link: `/advertisements/introductions/${introduction.id}`,
            },
          ],
          ctx.now,
        );
      }
    }
    return { introductionId: introduction.id, interviewId: interview.id };
  });
}

/**
 * When an introduction ends (a rejection, the candidate's withdrawal), its open interview goes
 * with it: cancelled in the caller's transaction, the calendar entries removed — before any
 * address is deleted, so the candidate's entry is removed too.
 */
export async function cancelOpenInterviews(
  tx: Db,
  introduction: IntroductionRow,
  by: 'company' | 'candidate',
  reason: string,
  ctx: InterviewContext,
): Promise<void> {
  const open = await tx
    .select()
    .from(interviews)
    .where(and(eq(interviews.introductionId, introduction.id), inArray(interviews.state, ['proposed', 'scheduled'])))
    .for('update');
  for (const interview of open) {
    const slot = await chosenSlot(tx, interview);
    // An interview already held stays as it was (its feedback may still come).
    if (slot && slot.startsAt.getTime() <= ctx.now.getTime()) continue;
    await callOff(tx, introduction, interview, slot, { by, reason }, ctx);
  }
}

/** The company changes the place or link of an agreed interview: everyone's calendar entry updates. */
export async function updateInterviewLocation(
  db: Db,
  company: Caller,
  interviewId: number,
  location: string,
  ctx: InterviewContext,
): Promise<InterviewOutcome> {
  return onInterview(db, company, interviewId, 'company', async (tx, { interview, introduction }) => {
    if (interview.state === 'cancelled') throw conflict(INTERVIEW_MSG.cancelled);
    const slot = await chosenSlot(tx, interview);
    if (!slot) throw conflict(INTERVIEW_MSG.notScheduled);
    if (slot.startsAt.getTime() <= ctx.now.getTime()) throw conflict(INTERVIEW_MSG.alreadyHeld);
    if (interview.mode === 'video' && !/^https:\/\/\S+$/.test(location))
      throw badRequest(INTERVIEW_MSG.videoLinkInvalid);
    const [updated] = await tx
      .update(interviews)
      .set({ location, calendarSequence: interview.calendarSequence + 1, updatedAt: ctx.now })
      .where(eq(interviews.id, interview.id))
      .returning();
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: introduction.id,
      kind: 'interview_updated',
      at: ctx.now,
      data: { interviewId: interview.id, sequence: updated!.calendarSequence },
    });
    await sendInvitations(tx, introduction, updated!, slot.startsAt, 'updated', ctx);
    return { introductionId: introduction.id, interviewId: interview.id };
  });
}

/** The company's feedback once the interview is over; once per interview. */
export async function giveInterviewFeedback(
  db: Db,
  company: Caller,
  interviewId: number,
  input: InterviewFeedback,
  ctx: InterviewContext,
): Promise<InterviewOutcome & { revived: boolean }> {
  return onInterview(db, company, interviewId, 'company', async (tx, { interview, introduction }) => {
    if (interview.state === 'cancelled') throw conflict(INTERVIEW_MSG.cancelled);
    if (interview.feedbackAt !== null) throw conflict(INTERVIEW_MSG.feedbackTwice);
    const slot = await chosenSlot(tx, interview);
    const end = slot ? slot.startsAt.getTime() + interview.durationMinutes * 60_000 : null;
    if (end === null || end > ctx.now.getTime()) throw conflict(INTERVIEW_MSG.feedbackTooEarly);
    const reason = input.outcome === 'abgesagt' ? (input.reason ?? 'sonstiges') : null;
    const note = input.note?.trim() || null;
    await tx
      .update(interviews)
      .set({
        feedbackAt: ctx.now,
        feedbackOutcome: input.outcome,
        feedbackReason: reason,
        feedbackNote: note,
        feedbackBy: company.id,
        updatedAt: ctx.now,
      })
      .where(eq(interviews.id, interview.id));
    await appendRegisterEntry(tx, ctx.registerSecret, {
      introductionId: introduction.id,
      kind: 'interview_feedback',
      at: ctx.now,
      data: { interviewId: interview.id, outcome: input.outcome, reason },
      note,
    });
    let revived = false;
    if (input.outcome === 'angebot' && introduction.status === 'interview') {
      revived = await moveIntroduction(tx, introduction, { status: 'angebot', reason: null }, ctx);
    }
    if (input.outcome === 'abgesagt' && introduction.status !== 'abgesagt' && introduction.status !== 'eingestellt') {
      // The note as written; the catalogue's reason is its own field (as on the company's rejection).
      await moveIntroduction(tx, introduction, { status: 'abgesagt', reason: note, reasonCategory: reason! }, ctx);
    }
    await mailParties(tx, introduction, ['consultant'], (to, ref) =>
      feedbackGivenMail(to, ref, { outcome: input.outcome, reason, note }, ctx.publicUrl),
    );
    return { introductionId: introduction.id, interviewId: interview.id, revived };
  });
}
