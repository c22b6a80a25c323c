import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { CaseDecision, CaseEvidenceEntry } from '@pb/core';
import { day, ts } from './columns';

/** Circumvention cases (0046): the hearing of the company and the office's decision on an 'Umgehungsverdacht'. */
export const circumventionCases = pgTable('circumvention_cases', {
  id: serial('id').primaryKey(),
  placementReportId: integer('placement_report_id').notNull(),
  introductionId: integer('introduction_id').notNull(),
  agencyOrganisationId: integer('agency_organisation_id'),
  companyOrganisationId: integer('company_organisation_id'),
  companyId: integer('company_id'),
  evidence: jsonb('evidence').$type<CaseEvidenceEntry[]>().notNull(),
  openedAt: ts('opened_at').notNull(),
  openedBy: integer('opened_by'),
  letter: text('letter').notNull(),
  deadline: day('deadline').notNull(),
  answer: text('answer'),
  answeredAt: ts('answered_at'),
  answeredBy: integer('answered_by'),
  decision: text('decision').$type<CaseDecision>(),
  reasons: text('reasons'),
  decidedAt: ts('decided_at'),
  decidedBy: integer('decided_by'),
  penaltyInvoiceId: integer('penalty_invoice_id'),
});

export type CircumventionCaseRow = typeof circumventionCases.$inferSelect;
