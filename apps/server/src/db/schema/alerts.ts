import {
  bigserial,
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import type { JobBrowserFilters, SearchFrequency } from '@pb/core';
import { created, ts, updated } from './columns';

/** Saved searches, their matches, watched advertisements, alert events. */

/** A consultant's saved search (0021): the filters as JSON and again as columns for matching. */
export const savedSearches = pgTable('saved_searches', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  filters: jsonb('filters').$type<JobBrowserFilters>().notNull(),
  qPattern: text('q_pattern'),
  districtIds: integer('district_ids').array(),
  states: text('states').array(),
  minBonus: numeric('min_bonus', { precision: 5, scale: 2, mode: 'number' }),
  minBonusCents: bigint('min_bonus_cents', { mode: 'number' }),
  workingTime: text('working_time'),
  /** 0050: the company answers within this many working days (1, 2 or 5). */
  respondsWithinDays: smallint('responds_within_days'),
  frequency: text('frequency').$type<SearchFrequency>().notNull(),
  paused: boolean('paused').notNull().default(false),
  createdAt: created(),
  updatedAt: updated(),
});

export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    searchId: integer('search_id').notNull(),
    jobId: integer('job_id').notNull(),
    matchedAt: ts('matched_at').notNull().defaultNow(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.jobId] })],
);

export const jobWatches = pgTable(
  'job_watches',
  {
    userId: integer('user_id').notNull(),
    jobId: integer('job_id').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

export const alertEvents = pgTable('alert_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').$type<'published' | 'deactivated' | 'bonus_rise'>().notNull(),
  jobId: integer('job_id').notNull(),
  oldBonus: numeric('old_bonus', { precision: 5, scale: 2, mode: 'number' }),
  newBonus: numeric('new_bonus', { precision: 5, scale: 2, mode: 'number' }),
  createdAt: created(),
});

/** The agencies that opened an advertisement's profile (0041): one row per advertisement and agency. */
export const advertisementViews = pgTable(
  'advertisement_views',
  {
    jobId: integer('job_id').notNull(),
    agencyOrganisationId: integer('agency_organisation_id').notNull(),
    firstViewedAt: ts('first_viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.agencyOrganisationId] })],
);
