import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { FeedbackOutcome, InterviewMode, InterviewState, RejectionReason } from '@pb/core';
import { created, ts, updated } from './columns';

/** Interviews of an introduction and their proposed times (migration 0049; modules/interviews). */
export const interviews = pgTable('interviews', {
  id: serial('id').primaryKey(),
  introductionId: integer('introduction_id').notNull(),
  state: text('state').$type<InterviewState>().notNull().default('proposed'),
  durationMinutes: integer('duration_minutes').notNull(),
  mode: text('mode').$type<InterviewMode>().notNull(),
  location: text('location').notNull(),
  note: text('note'),
  proposedBy: integer('proposed_by'),
  proposedAt: ts('proposed_at').notNull(),
  chosenSlotId: integer('chosen_slot_id'),
  chosenBy: text('chosen_by').$type<'consultant' | 'candidate'>(),
  scheduledAt: ts('scheduled_at'),
  cancelledAt: ts('cancelled_at'),
  cancelledBy: text('cancelled_by').$type<'company' | 'agency' | 'candidate'>(),
  cancelReason: text('cancel_reason'),
  calendarUid: text('calendar_uid').notNull(),
  calendarSequence: integer('calendar_sequence').notNull().default(0),
  candidateNonce: text('candidate_nonce'),
  candidateTokenHash: text('candidate_token_hash'),
  candidateLinkSentAt: ts('candidate_link_sent_at'),
  remindedAt: ts('reminded_at'),
  feedbackRequestedAt: ts('feedback_requested_at'),
  feedbackRemindedAt: ts('feedback_reminded_at'),
  feedbackAt: ts('feedback_at'),
  feedbackOutcome: text('feedback_outcome').$type<FeedbackOutcome>(),
  feedbackReason: text('feedback_reason').$type<RejectionReason>(),
  feedbackNote: text('feedback_note'),
  feedbackBy: integer('feedback_by'),
  createdAt: created(),
  updatedAt: updated(),
});

export const interviewSlots = pgTable('interview_slots', {
  id: serial('id').primaryKey(),
  interviewId: integer('interview_id').notNull(),
  startsAt: ts('starts_at').notNull(),
});
