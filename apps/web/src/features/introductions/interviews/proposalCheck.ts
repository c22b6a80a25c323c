import {
  checkInterviewSlots,
  INTERVIEW_DEFAULT_DURATION,
  interviewProposalSchema,
  viennaLocalInstant,
  type InterviewMode,
  type InterviewProposal,
  type InterviewSlotInput,
} from '@pb/core';
import type { Checker, CheckIssue } from '../../../lib/useSchemaSubmit';

/**
 * The company's proposal as the dialog holds it, and its check in the server's order: first the
 * schema (interviewProposalSchema), then the times (checkInterviewSlots at this moment), so the
 * first message the dialog shows is the one the server would answer.
 */

export const DURATION_CHOICES = [30, 45, 60, 90, 120] as const;
/** The duration select's value for 'another duration' (typed in minutes). */
export const OTHER_DURATION = 'andere';

export interface ProposalDraft {
  slots: { date: string; time: string }[];
  /** One of DURATION_CHOICES as text, or OTHER_DURATION. */
  duration: string;
  /** Minutes typed for OTHER_DURATION. */
  otherDuration: string;
  mode: InterviewMode;
  location: string;
  note: string;
}

export const emptyProposal = (): ProposalDraft => ({
  slots: [{ date: '', time: '' }],
  duration: String(INTERVIEW_DEFAULT_DURATION),
  otherDuration: '',
  mode: 'vor_ort',
  location: '',
  note: '',
});

/** The request body the draft stands for (an empty note is no note). */
export function proposalInput(draft: ProposalDraft): Record<string, unknown> {
  const minutes = draft.duration === OTHER_DURATION ? draft.otherDuration.trim() : draft.duration;
  return {
    slots: draft.slots,
    durationMinutes: minutes === '' ? undefined : Number(minutes),
    mode: draft.mode,
    location: draft.location,
    ...(draft.note.trim() ? { note: draft.note } : {}),
  };
}

/**
 * Which proposed time checkInterviewSlots objects to, for marking its row: the first one that is
 * wrong on its own, else the later one of the first two that overlap (or are the same).
 */
function refusedSlot(slots: readonly InterviewSlotInput[], durationMinutes: number, now: Date): number {
  const alone = slots.findIndex((slot) => 'problem' in checkInterviewSlots([slot], durationMinutes, now));
  if (alone >= 0) return alone;
  const starts = slots
    .map((slot, index) => ({ index, at: viennaLocalInstant(slot.date, slot.time)?.getTime() ?? 0 }))
    .sort((a, b) => a.at - b.at);
  for (let i = 1; i < starts.length; i += 1) {
    if (starts[i]!.at - starts[i - 1]!.at < durationMinutes * 60_000) return starts[i]!.index;
  }
  return 0;
}

/** The dialog's checker: the schema's issues, else the times' first problem on its row ('slots.<n>'). */
export function proposalChecker(now: () => Date = () => new Date()): Checker<InterviewProposal, ProposalDraft> {
  return {
    safeParse(draft) {
      const parsed = interviewProposalSchema.safeParse(proposalInput(draft));
      if (!parsed.success) return { success: false, error: { issues: parsed.error.issues } };
      const at = now();
      const checked = checkInterviewSlots(parsed.data.slots, parsed.data.durationMinutes, at);
      if ('problem' in checked) {
        const issue: CheckIssue = {
          message: checked.problem,
          path: ['slots', refusedSlot(parsed.data.slots, parsed.data.durationMinutes, at)],
        };
        return { success: false, error: { issues: [issue] } };
      }
      return { success: true, data: parsed.data };
    },
  };
}
