import { bigserial, boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { created, ts } from './columns';

/** Contact messages, the mail outbox, the audit log, retention and scheduled runs. */

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  company: text('company').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  handledAt: ts('handled_at'),
  createdAt: created(),
});

/** An iCalendar object and its METHOD (REQUEST: invite or update; CANCEL). */
export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  event: text('event').notNull(),
  toAddress: text('to_address').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  /** The invoice whose PDF the worker attaches (0020). */
  invoiceId: integer('invoice_id'),
  /** 0044: a reminder's PDF is attached when the mail is sent. */
  dunningNoticeId: integer('dunning_notice_id'),
  /** 0045: the credit note (Gutschrift) the mail attaches. */
  creditNoteId: integer('credit_note_id'),
  /** Extra headers, e.g. List-Unsubscribe (0021). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  /** 0049: a calendar invitation sent as text/calendar with the mail (issue 35). */
  calendar: jsonb('calendar').$type<MailCalendar>(),
  status: text('status').$type<'pending' | 'sent' | 'dead'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  /** The claim holding the lease (0024): its worker hands the rows back after a failed run. */
  lockedBy: text('locked_by'),
  lastError: text('last_error'),
  sentAt: ts('sent_at'),
  createdAt: created(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: integer('actor_id'),
  actorEmail: text('actor_email'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: created(),
});

export const retentionRuns = pgTable('retention_runs', {
  id: serial('id').primaryKey(),
  dryRun: boolean('dry_run').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
});

/** Runs of scheduled work, one per job and period across all instances (migration 0019; services/scheduler.ts). */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    instance: text('instance').notNull(),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until').notNull(),
    finishedAt: ts('finished_at'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
