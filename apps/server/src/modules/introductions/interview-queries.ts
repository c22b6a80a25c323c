import { asc, eq, inArray } from 'drizzle-orm';
import { addWorkingDays, FEEDBACK_WORKING_DAYS, viennaDate, type Interview } from '@pb/core';
import type { Db } from '../../db/client';
import { interviewSlots, interviews } from '../../db/schema';
import type { OrganisationSide } from '../../services/policies';
import type { InterviewRow, SlotRow } from './interview-parts';

/** The interviews of an introduction as one side sees them, with what that side may do now. */

const slotOf = (slot: SlotRow, durationMinutes: number) => ({
  id: slot.id,
  startsAt: slot.startsAt.toISOString(),
  endsAt: new Date(slot.startsAt.getTime() + durationMinutes * 60_000).toISOString(),
});

/** Last day (Vienna) of the company's feedback: FEEDBACK_WORKING_DAYS after the interview's day. */
export function feedbackDueOf(end: Date): string {
  return addWorkingDays(viennaDate(end), FEEDBACK_WORKING_DAYS);
}

export function presentInterview(
  interview: InterviewRow,
  slots: SlotRow[],
  side: OrganisationSide | null,
  candidateHasEmail: boolean,
  now: Date,
  /** The introduction is hired or finally rejected: a held interview's feedback is no longer asked for. */
  decided = false,
): Interview {
  const chosen = slots.find((s) => s.id === interview.chosenSlotId) ?? null;
  const start = chosen?.startsAt.getTime() ?? null;
  const end = start === null ? null : start + interview.durationMinutes * 60_000;
  const due = end === null || interview.state === 'cancelled' ? null : feedbackDueOf(new Date(end));
  const open = interview.state !== 'cancelled';
  const before = start === null || start > now.getTime();
  return {
    id: interview.id,
    introductionId: interview.introductionId,
    state: interview.state,
    durationMinutes: interview.durationMinutes,
    mode: interview.mode,
    location: interview.location,
    note: interview.note,
    slots: slots.map((s) => slotOf(s, interview.durationMinutes)),
    chosenSlot: chosen ? slotOf(chosen, interview.durationMinutes) : null,
    chosenBy: interview.chosenBy,
    proposedAt: interview.proposedAt.toISOString(),
    scheduledAt: interview.scheduledAt?.toISOString() ?? null,
    cancelledAt: interview.cancelledAt?.toISOString() ?? null,
    cancelReason: interview.cancelReason,
    candidateLinkSentAt: interview.candidateLinkSentAt?.toISOString() ?? null,
    feedback:
      interview.feedbackAt && interview.feedbackOutcome
        ? {
            at: interview.feedbackAt.toISOString(),
            outcome: interview.feedbackOutcome,
            reason: interview.feedbackReason,
            note: interview.feedbackNote,
          }
        : null,
    feedbackDue: due,
    feedbackOverdue: !decided && due !== null && interview.feedbackAt === null && viennaDate(now) > due,
    actions: {
      choose: side === 'agency' && interview.state === 'proposed',
      sendCandidateLink: side === 'agency' && interview.state === 'proposed' && candidateHasEmail,
      cancel: side !== null && open && before,
      update: side === 'company' && interview.state === 'scheduled' && before,
      feedback:
        side === 'company' &&
        !decided &&
        interview.state === 'scheduled' &&
        interview.feedbackAt === null &&
        end !== null &&
        end <= now.getTime(),
    },
  };
}

/** Every interview of the introduction, newest first. */
export async function interviewsOfIntroduction(
  db: Db,
  introductionId: number,
  side: OrganisationSide | null,
  candidateHasEmail: boolean,
  now: Date,
  decided = false,
): Promise<Interview[]> {
  const rows = await db
    .select()
    .from(interviews)
    .where(eq(interviews.introductionId, introductionId))
    .orderBy(asc(interviews.id));
  if (rows.length === 0) return [];
  const slots = await db
    .select()
    .from(interviewSlots)
    .where(
      inArray(
        interviewSlots.interviewId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(interviewSlots.startsAt));
  return rows.reverse().map((r) =>
    presentInterview(
      r,
      slots.filter((s) => s.interviewId === r.id),
      side,
      candidateHasEmail,
      now,
      decided,
    ),
  );
}
