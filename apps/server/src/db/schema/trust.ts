import { boolean, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import type { AgencyTrackRecord, CompanyTrustFigures, ModerationState, RatingSide } from '@pb/core';
import { created, ts } from './columns';

/** Trust from data (migration 0050, issue 36; modules/trust): facts per introduction, figures, ratings. */

export const introductionTrustFacts = pgTable('introduction_trust_facts', {
  introductionId: integer('introduction_id').primaryKey(),
  companyOrganisationId: integer('company_organisation_id'),
  agencyOrganisationId: integer('agency_organisation_id'),
  introducedByMemberId: integer('introduced_by_member_id'),
  jobId: integer('job_id'),
  introducedAt: ts('introduced_at').notNull(),
  clockStartAt: ts('clock_start_at').notNull(),
  answerDueAt: ts('answer_due_at').notNull(),
  staleAt: ts('stale_at').notNull(),
  firstReactionAt: ts('first_reaction_at'),
  responseMinutes: integer('response_minutes'),
  minutesSincePublication: integer('minutes_since_publication'),
  /** 0052: a person was seen in both organisations; once true it stays (until the introduction moves). */
  shared: boolean('shared').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const organisationTrust = pgTable('organisation_trust', {
  organisationId: integer('organisation_id').primaryKey(),
  companyFigures: jsonb('company_figures').$type<CompanyTrustFigures>(),
  agencyFigures: jsonb('agency_figures').$type<AgencyTrackRecord>(),
  responseMinutes: integer('response_minutes'),
  computedAt: ts('computed_at'),
  ratingsCount: integer('ratings_count').notNull().default(0),
  ratingCommunication: numeric('rating_communication', { precision: 3, scale: 2, mode: 'number' }),
  ratingQuality: numeric('rating_quality', { precision: 3, scale: 2, mode: 'number' }),
  ratingSpeed: numeric('rating_speed', { precision: 3, scale: 2, mode: 'number' }),
});

export const memberTrackRecords = pgTable(
  'member_track_records',
  {
    organisationId: integer('organisation_id').notNull(),
    userId: integer('user_id').notNull(),
    figures: jsonb('figures').$type<AgencyTrackRecord>().notNull(),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] })],
);

export const ratings = pgTable('ratings', {
  id: serial('id').primaryKey(),
  introductionId: integer('introduction_id').notNull(),
  side: text('side').$type<RatingSide>().notNull(),
  raterOrganisationId: integer('rater_organisation_id').notNull(),
  raterUserId: integer('rater_user_id'),
  raterName: text('rater_name').notNull(),
  ratedOrganisationId: integer('rated_organisation_id').notNull(),
  communication: smallint('communication').notNull(),
  quality: smallint('quality').notNull(),
  speed: smallint('speed').notNull(),
  comment: text('comment'),
  commentState: text('comment_state').$type<ModerationState>(),
  commentRejectionReason: text('comment_rejection_reason'),
  commentModeratedAt: ts('comment_moderated_at'),
  commentModeratedBy: integer('comment_moderated_by'),
  reply: text('reply'),
  replyState: text('reply_state').$type<ModerationState>(),
  replyRejectionReason: text('reply_rejection_reason'),
  replyBy: integer('reply_by'),
  replyAt: ts('reply_at'),
  replyModeratedAt: ts('reply_moderated_at'),
  replyModeratedBy: integer('reply_moderated_by'),
  createdAt: created(),
  /** From when it counts: the other side rated too, or RATING_REVEAL_DAYS passed (null: still blind). */
  revealedAt: ts('revealed_at'),
});
