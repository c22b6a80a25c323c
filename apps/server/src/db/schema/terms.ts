import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { TermsDecision } from '@pb/core';
import { ts } from './columns';

/** Terms versions and each organisation's decision on them (0039). */

export const termsVersions = pgTable('terms_versions', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  summary: text('summary').notNull(),
  publishedAt: ts('published_at').notNull(),
  effectiveAt: ts('effective_at').notNull(),
  publishedBy: integer('published_by'),
});

export const organisationTerms = pgTable('organisation_terms', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id').notNull(),
  termsVersionId: integer('terms_version_id').notNull(),
  decision: text('decision').$type<TermsDecision>().notNull(),
  decidedAt: ts('decided_at').notNull(),
  decidedBy: integer('decided_by'),
});
