import { bigint, boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { CountryCode, GuaranteeClaimStatus, GuaranteeEndedBy, InvoiceIssuer, InvoiceKind } from '@pb/core';
import { bytea, created, day, ts } from './columns';

/** Invoices, their numbers, guarantee claims and their documents. */

/** Gap-free invoice numbers per year (0020). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/** Issued invoices and correction invoices; immutable, kept 7 years (0020). */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  year: integer('year').notNull(),
  sequence: integer('sequence').notNull(),
  number: text('number').notNull(),
  kind: text('kind').$type<InvoiceKind>().notNull(),
  placementReportId: integer('placement_report_id').notNull(),
  correctsInvoiceId: integer('corrects_invoice_id'),
  companyId: integer('company_id'),
  consultantId: integer('consultant_id'),
  customerName: text('customer_name').notNull(),
  customerAddress: text('customer_address').notNull(),
  customerUid: text('customer_uid').notNull(),
  /** 0025: the customer's state and how the UID was checked at issue (null on invoices from before). */
  customerCountry: text('customer_country').$type<CountryCode>(),
  uidCheckMethod: text('uid_check_method').$type<'syntax' | 'qualified'>(),
  uidCheckedAt: ts('uid_checked_at'),
  uidCheckReference: text('uid_check_reference'),
  jobTitle: text('job_title').notNull(),
  description: text('description').notNull(),
  placementDate: day('placement_date').notNull(),
  netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
  grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
  reverseCharge: boolean('reverse_charge').notNull(),
  issuedOn: day('issued_on').notNull(),
  dueOn: day('due_on').notNull(),
  issuer: jsonb('issuer').$type<InvoiceIssuer>().notNull(),
  pdf: bytea('pdf').notNull(),
  createdAt: created(),
});

/** A company's guarantee claim on a placement (0020). */
export const guaranteeClaims = pgTable('guarantee_claims', {
  id: serial('id').primaryKey(),
  placementReportId: integer('placement_report_id').notNull(),
  companyId: integer('company_id'),
  employmentStart: day('employment_start').notNull(),
  employmentEnd: day('employment_end').notNull(),
  endedBy: text('ended_by').$type<GuaranteeEndedBy>().notNull(),
  note: text('note').notNull(),
  status: text('status').$type<GuaranteeClaimStatus>().notNull().default('offen'),
  reason: text('reason'),
  decidedAt: ts('decided_at'),
  decidedBy: integer('decided_by'),
  refundCents: bigint('refund_cents', { mode: 'number' }),
  refundDueOn: day('refund_due_on'),
  createdAt: created(),
});

/** Documents of a guarantee claim (0020). */
export const guaranteeClaimDocuments = pgTable(
  'guarantee_claim_documents',
  {
    claimId: integer('claim_id').notNull(),
    uploadId: integer('upload_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.uploadId] })],
);
