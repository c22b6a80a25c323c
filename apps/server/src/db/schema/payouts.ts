import { bigint, integer, jsonb, pgTable, serial, text, primaryKey } from 'drizzle-orm/pg-core';
import type { InvoiceIssuer, PayoutBatchItemStatus, PayoutItemKind, VatStatus, CreditNoteVatTreatment } from '@pb/core';
import { bytea, created, day, ts } from './columns';

/** Money that goes out (0045): payout accounts, credit notes, payout items and their batches. */

export const organisationPayoutAccounts = pgTable('organisation_payout_accounts', {
  organisationId: integer('organisation_id').primaryKey(),
  accountHolder: text('account_holder').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
  vatStatus: text('vat_status').$type<VatStatus>().notNull().default('regelbesteuert'),
  selfBillingAgreedAt: ts('self_billing_agreed_at'),
  selfBillingAgreedBy: integer('self_billing_agreed_by'),
  selfBillingTerms: text('self_billing_terms'),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const creditNotes = pgTable('credit_notes', {
  id: serial('id').primaryKey(),
  year: integer('year').notNull(),
  sequence: integer('sequence').notNull(),
  number: text('number').notNull(),
  placementReportId: integer('placement_report_id').notNull(),
  agencyOrganisationId: integer('agency_organisation_id'),
  supplierName: text('supplier_name').notNull(),
  supplierAddress: text('supplier_address').notNull(),
  supplierUid: text('supplier_uid'),
  supplierCountry: text('supplier_country').notNull(),
  vatTreatment: text('vat_treatment').$type<CreditNoteVatTreatment>().notNull(),
  jobTitle: text('job_title').notNull(),
  description: text('description').notNull(),
  placementDate: day('placement_date').notNull(),
  netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
  grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
  selfBillingAgreedAt: ts('self_billing_agreed_at').notNull(),
  issuedOn: day('issued_on').notNull(),
  issuer: jsonb('issuer').$type<InvoiceIssuer>().notNull(),
  pdf: bytea('pdf').notNull(),
  createdAt: created(),
});

export const payoutItems = pgTable('payout_items', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<PayoutItemKind>().notNull(),
  placementReportId: integer('placement_report_id').notNull(),
  organisationId: integer('organisation_id'),
  payeeName: text('payee_name').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  dueOn: day('due_on').notNull(),
  creditNoteId: integer('credit_note_id'),
  invoiceId: integer('invoice_id'),
  purpose: text('purpose').notNull(),
  fallbackAccountHolder: text('fallback_account_holder'),
  fallbackIban: text('fallback_iban'),
  createdAt: created(),
});

export const payoutBatches = pgTable('payout_batches', {
  id: serial('id').primaryKey(),
  messageId: text('message_id').notNull(),
  executionDate: day('execution_date').notNull(),
  itemCount: integer('item_count').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  xml: text('xml').notNull(),
  createdBy: integer('created_by'),
  createdAt: created(),
});

export const payoutBatchItems = pgTable(
  'payout_batch_items',
  {
    batchId: integer('batch_id').notNull(),
    payoutItemId: integer('payout_item_id').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutBatchItemStatus>().notNull().default('offen'),
    failureReason: text('failure_reason'),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.payoutItemId] })],
);

/** An agency's objection to a credit note and the office's resolution (0047). */
export const creditNoteObjections = pgTable('credit_note_objections', {
  creditNoteId: integer('credit_note_id').primaryKey(),
  reason: text('reason').notNull(),
  objectedAt: ts('objected_at').notNull(),
  objectedBy: integer('objected_by'),
  resolution: text('resolution'),
  resolvedAt: ts('resolved_at'),
  resolvedBy: integer('resolved_by'),
});
