import { bigint, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { AllocationMethod, AllocationPurpose, BankMessageKind, DunningLevel, InterestPeriod } from '@pb/core';
import { bytea, created, day, ts } from './columns';

/** Money that comes in (0043): imported bank statements, incoming payments, their allocations. */

export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  messageKind: text('message_kind').$type<BankMessageKind>().notNull(),
  messageVersion: text('message_version').notNull(),
  messageId: text('message_id').notNull(),
  statementIds: text('statement_ids').array().notNull(),
  accountIban: text('account_iban').notNull(),
  fileName: text('file_name').notNull(),
  fileSha256: text('file_sha256').notNull(),
  importedBy: integer('imported_by'),
  importedAt: ts('imported_at').notNull().defaultNow(),
});

/** Each statement once (0043): kind, account and statement id. */
export const bankStatementKeys = pgTable('bank_statement_keys', {
  statementKey: text('statement_key').primaryKey(),
  bankStatementId: integer('bank_statement_id').notNull(),
});

export const incomingPayments = pgTable('incoming_payments', {
  id: serial('id').primaryKey(),
  source: text('source').$type<'bank' | 'manuell'>().notNull(),
  bankStatementId: integer('bank_statement_id'),
  statementId: text('statement_id'),
  accountIban: text('account_iban'),
  entryKey: text('entry_key'),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  bookedOn: day('booked_on').notNull(),
  valueOn: day('value_on'),
  debtorName: text('debtor_name'),
  debtorIban: text('debtor_iban'),
  reference: text('reference'),
  remittance: text('remittance'),
  endToEndId: text('end_to_end_id'),
  clearedAt: ts('cleared_at'),
  clearedBy: integer('cleared_by'),
  clearedReason: text('cleared_reason'),
  recordedBy: integer('recorded_by'),
  createdAt: created(),
});

export const paymentAllocations = pgTable('payment_allocations', {
  id: serial('id').primaryKey(),
  paymentId: integer('payment_id').notNull(),
  invoiceId: integer('invoice_id').notNull(),
  placementReportId: integer('placement_report_id').notNull(),
  cents: bigint('cents', { mode: 'number' }).notNull(),
  method: text('method').$type<AllocationMethod>().notNull(),
  /** 0044: the invoice itself, or the interest and fee its reminders claimed. */
  purpose: text('purpose').$type<AllocationPurpose>().notNull().default('rechnung'),
  allocatedBy: integer('allocated_by'),
  createdAt: created(),
});

/** Reminders as sent (0044): one per invoice and step, with their PDF. */
export const dunningNotices = pgTable('dunning_notices', {
  id: serial('id').primaryKey(),
  invoiceId: integer('invoice_id').notNull(),
  placementReportId: integer('placement_report_id').notNull(),
  level: text('level').$type<DunningLevel>().notNull(),
  issuedOn: day('issued_on').notNull(),
  payBy: day('pay_by').notNull(),
  openCents: bigint('open_cents', { mode: 'number' }).notNull(),
  interestCents: bigint('interest_cents', { mode: 'number' }).notNull().default(0),
  flatFeeCents: bigint('flat_fee_cents', { mode: 'number' }).notNull().default(0),
  interestPeriods: jsonb('interest_periods').$type<InterestPeriod[]>().notNull().default([]),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  recipient: text('recipient'),
  pdf: bytea('pdf').notNull(),
  createdAt: created(),
});
