import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { created, ts, updated } from './columns';
import type { RequirableProfileField } from '@pb/core';

/** Districts, advertisements, their documents and bonus history; list versions. */

export const districts = pgTable('districts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  kind: text('kind').notNull().default('Bezirk'),
  createdAt: created(),
  updatedAt: updated(),
});

export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  /** The company's contact person: the member who published it, or the account the office wrote it for. */
  ownerId: integer('owner_id'),
  /** The company organisation the advertisement belongs to (0035); null once that organisation is gone. */
  organisationId: integer('organisation_id'),
  /** The member who published it and the one who changed it last (null: the office, or gone). */
  createdByMemberId: integer('created_by_member_id'),
  updatedByMemberId: integer('updated_by_member_id'),
  jobTitle: text('job_title').notNull(),
  workingTime: text('working_time').notNull(),
  assignment: jsonb('assignment').$type<string[]>().notNull().default([]),
  requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  jobInfo: jsonb('job_info').$type<string[]>().notNull().default([]),
  street: text('street').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  city: text('city').notNull().default(''),
  salary: text('salary').notNull().default(''),
  /** § 9 (2) GlBG (0020): KV minimum per month in cents, overpayment possible, salaries a year. */
  kvMinimumCents: integer('kv_minimum_cents'),
  overpayment: boolean('overpayment'),
  yearlyPayments: integer('yearly_payments').notNull().default(14),
  /** The annual gross range parsed from the salary text (0021); salaryParsed false: not yet parsed. */
  salaryMinCents: bigint('salary_min_cents', { mode: 'number' }),
  salaryMaxCents: bigint('salary_max_cents', { mode: 'number' }),
  salaryParsed: boolean('salary_parsed').notNull().default(false),
  /** The active bonus (newest record of placement_bonuses), kept by a trigger (0022); null without a record. */
  activeBonus: numeric('active_bonus', { precision: 5, scale: 2, mode: 'number' }),
  districtId: integer('district_id'),
  /** 0048: the parts of the anonymised profile an introduction must give (issue 35). */
  requiredProfileFields: jsonb('required_profile_fields').$type<RequirableProfileField[]>().notNull().default([]),
  /** 0050 (issue 36): the company's median reaction in office minutes, copied by the trust run; null: too little data. */
  companyResponseMinutes: integer('company_response_minutes'),
  publishedAt: ts('published_at'),
  createdAt: created(),
  updatedAt: updated(),
});

/** Versions of cached lists, raised at the commit of every write (0022, modules/jobs/list-cache.ts). */
export const listVersions = pgTable('list_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** The advertisements each list version changed (0042); job 0 stands for all of them. */
export const jobListChanges = pgTable(
  'job_list_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    jobId: integer('job_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.jobId] })],
);

export const jobAttachments = pgTable(
  'job_attachments',
  {
    jobId: integer('job_id').notNull(),
    uploadId: integer('upload_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.uploadId] })],
);

export const placementBonuses = pgTable('placement_bonuses', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull(),
  bonus: numeric('bonus', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  createdBy: integer('created_by'),
  createdAt: created(),
});
