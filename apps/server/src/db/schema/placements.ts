import { integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { CountryCode, PlacementFlag, PlacementStatus } from '@pb/core';
import { created, ts, updated } from './columns';

/** Placement reports. */

export const placementReports = pgTable('placement_reports', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id'),
  reporterId: integer('reporter_id'),
  companyId: integer('company_id'),
  variant: text('variant').$type<'company' | 'consultant'>().notNull(),
  recruiter: text('recruiter').notNull(),
  recruiterMail: text('recruiter_mail').notNull(),
  companyName: text('company_name').notNull(),
  jobTitle: text('job_title').notNull(),
  contactPerson: text('contact_person').notNull(),
  placementBonus: numeric('placement_bonus', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  bonusInForce: numeric('bonus_in_force', { precision: 5, scale: 2, mode: 'number' }),
  actualSalary: numeric('actual_salary', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  placementFee: numeric('placement_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  serviceFee: numeric('service_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  street: text('street'),
  houseNr: text('house_nr'),
  postalCode: text('postal_code'),
  city: text('city'),
  uid: text('uid'),
  /** The invoice address's state (0025); null on reports from before. */
  country: text('country').$type<CountryCode>(),
  status: text('status').$type<PlacementStatus>().notNull().default('gemeldet'),
  invoicedAt: ts('invoiced_at'),
  paidAt: ts('paid_at'),
  guaranteeAt: ts('guarantee_at'),
  /** A company's objection to a consultant's report (0015): when, by whom, why. */
  objectedAt: ts('objected_at'),
  objectedBy: integer('objected_by'),
  objectionNote: text('objection_note'),
  /** The introduction this placement is about (0018): its locked bonus applies. */
  introductionId: integer('introduction_id'),
  /** 'Umgehungsverdacht' (0018): another agency's claim on the candidate, with the evidence. */
  circumventionAt: ts('circumvention_at'),
  circumventionEvidence: jsonb('circumvention_evidence').$type<CircumventionEvidence[]>(),
  /** 0030: the hired person's keyed fingerprints (never the clear contact); retention deletes them. */
  hiredEmailFingerprint: text('hired_email_fingerprint'),
  hiredPhoneFingerprint: text('hired_phone_fingerprint'),
  hiredFingerprintsDeletedAt: ts('hired_fingerprints_deleted_at'),
  /** 0030: why the back office must decide before invoicing, and its decision. */
  reviewFlags: jsonb('review_flags').$type<PlacementFlag[]>().notNull().default([]),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: integer('reviewed_by'),
  reviewDecision: text('review_decision').$type<'freigegeben' | 'verworfen'>(),
  reviewNote: text('review_note'),
  /** 0038: the company the placement is about, the agency that placed (null: a company's own hire). */
  companyOrganisationId: integer('company_organisation_id'),
  agencyOrganisationId: integer('agency_organisation_id'),
  /** 0038: the membership the report was made in (reporter_id is the person). */
  reportedByMemberId: integer('reported_by_member_id'),
  createdAt: created(),
  updatedAt: updated(),
});

/** One other agency's claim that makes a placement report suspicious (placement_reports.circumvention_evidence). */
export interface CircumventionEvidence {
  introductionId: number;
  consultantId: number | null;
  /** The agency the claim belongs to (since 0037; absent in older evidence). */
  agencyOrganisationId?: number | null;
  introducedAt: string;
  claim: 'live' | 'lapsed';
  matchedBy: Array<'email' | 'phone'>;
  /** 'advertisement': live on the advertisement of a company report naming no introduction (absent: 'candidate'). */
  basis?: 'candidate' | 'advertisement';
}

/** A placement report as stored. */
export type PlacementReportRow = typeof placementReports.$inferSelect;
