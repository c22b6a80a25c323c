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
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customType, date } from 'drizzle-orm/pg-core';
import type {
  CountryCode,
  GuaranteeClaimStatus,
  GuaranteeEndedBy,
  IntroductionStatus,
  InvoiceIssuer,
  InvoiceKind,
  JobBrowserFilters,
  NotificationChannel,
  NotificationKind,
  PlacementFlag,
  PlacementStatus,
  SearchFrequency,
  RegisterEventKind,
} from '@pb/core';

/**
 * Drizzle view of the tables created by the SQL files in ./migrations.
 * The SQL is the source of truth for DDL (indexes, checks, extensions);
 * this file gives typed queries. Keep both in step.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();

export const districts = pgTable('districts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  kind: text('kind').notNull().default('Bezirk'),
  createdAt: created(),
  updatedAt: updated(),
});

export type UserRole = 'company' | 'consultant' | 'admin';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<UserRole>().notNull(),
  description: text('description'),
  services: jsonb('services').$type<string[]>().notNull().default([]),
  public: boolean('public').notNull().default(false),
  /** When the consultant agreed to be listed for visitors too (issue 29); null: signed-in users only. */
  publicDirectoryConsentAt: ts('public_directory_consent_at'),
  profileImgId: integer('profile_img_id'),
  confirmed: boolean('confirmed').notNull().default(false),
  blocked: boolean('blocked').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  lastLogin: ts('last_login'),
  lastSeenAt: ts('last_seen_at'),
  retentionWarnedAt: ts('retention_warned_at'),
  createdAt: created(),
  updatedAt: updated(),
});

export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  purpose: text('purpose').$type<'email_confirmation' | 'password_reset'>().notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
});

export type MailThrottleKind = 'password_reset' | 'email_confirmation';

/** Mails anyone may trigger for an address, held back per address (migration 0013; accounts/mail-throttle.ts). */
export const mailThrottle = pgTable(
  'mail_throttle',
  {
    kind: text('kind').$type<MailThrottleKind>().notNull(),
    addressHash: text('address_hash').notNull(),
    lastSentAt: ts('last_sent_at').notNull(),
    windowStartedAt: ts('window_started_at').notNull(),
    sentInWindow: integer('sent_in_window').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.kind, t.addressHash] })],
);

export type EmailChangeCancelReason = 'replaced' | 'owner' | 'objection' | 'taken';

/** Requested e-mail changes (migration 0014; docs/decisions/0009-email-change.md). */
export const emailChanges = pgTable('email_changes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email').notNull(),
  confirmTokenHash: text('confirm_token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  objectionTokenHash: text('objection_token_hash').notNull(),
  objectionExpiresAt: ts('objection_expires_at').notNull(),
  sendCount: integer('send_count').notNull().default(1),
  lastSentAt: ts('last_sent_at').notNull().defaultNow(),
  confirmedAt: ts('confirmed_at'),
  cancelledAt: ts('cancelled_at'),
  cancelReason: text('cancel_reason').$type<EmailChangeCancelReason>(),
  objectedAt: ts('objected_at'),
  createdAt: created(),
});

export type UploadPurpose = 'profile_image' | 'chat_file' | 'job_attachment' | 'guarantee_document';

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id'),
  purpose: text('purpose').$type<UploadPurpose>().notNull(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  ext: text('ext').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: created(),
});

export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id'),
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
  publishedAt: ts('published_at'),
  createdAt: created(),
  updatedAt: updated(),
});

/** Versions of cached lists, raised at the commit of every write (0022, modules/jobs/list-cache.ts). */
export const listVersions = pgTable('list_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

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
  /** 'Umgehungsverdacht' (0018): another consultant's claim on the candidate, with the evidence. */
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
  createdAt: created(),
  updatedAt: updated(),
});

/** One other consultant's claim that makes a placement report suspicious (placement_reports.circumvention_evidence). */
export interface CircumventionEvidence {
  introductionId: number;
  consultantId: number | null;
  introducedAt: string;
  claim: 'live' | 'lapsed';
  matchedBy: Array<'email' | 'phone'>;
  /** 'advertisement': live on the advertisement of a company report naming no introduction (absent: 'candidate'). */
  basis?: 'candidate' | 'advertisement';
}

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
  /** Extra headers, e.g. List-Unsubscribe (0021). */
  headers: jsonb('headers').$type<Record<string, string>>(),
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

export const chatCommunications = pgTable('chat_communications', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id'),
  consultantId: integer('consultant_id'),
  companyId: integer('company_id'),
  lastMessageTimestamp: ts('last_message_timestamp').notNull().defaultNow(),
  unreadMessageP1: boolean('unread_message_p1').notNull().default(false),
  unreadMessageP2: boolean('unread_message_p2').notNull().default(true),
  lastNoticeP1At: ts('last_notice_p1_at'),
  lastNoticeP2At: ts('last_notice_p2_at'),
  createdAt: created(),
});

export const chatMessages = pgTable('chat_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chatId: integer('chat_id').notNull(),
  senderId: integer('sender_id'),
  senderUsername: text('sender_username').notNull(),
  message: text('message').notNull().default(''),
  fileMessage: boolean('file_message').notNull().default(false),
  createdAt: created(),
});

export const chatMessageFiles = pgTable(
  'chat_message_files',
  {
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    uploadId: integer('upload_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.uploadId] })],
);

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

/** Candidate introductions, current state (migration 0018; modules/introductions). */
export const introductions = pgTable('introductions', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id'),
  companyId: integer('company_id'),
  consultantId: integer('consultant_id'),
  conversationId: integer('conversation_id'),
  messageId: bigint('message_id', { mode: 'number' }),
  jobTitle: text('job_title').notNull(),
  companyName: text('company_name').notNull(),
  consultantName: text('consultant_name'),
  bonus: numeric('bonus', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  introducedAt: ts('introduced_at').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  phone: text('phone'),
  pitch: text('pitch'),
  cvUploadId: integer('cv_upload_id'),
  consentAt: ts('consent_at').notNull(),
  keepLonger: boolean('keep_longer').notNull().default(false),
  personalDataDeletedAt: ts('personal_data_deleted_at'),
  emailFingerprint: text('email_fingerprint'),
  phoneFingerprint: text('phone_fingerprint'),
  fingerprintsDeletedAt: ts('fingerprints_deleted_at'),
  candidateSalt: text('candidate_salt'),
  /** Fingerprint of the normalised name (0026): a secondary signal, deleted with the others. */
  nameFingerprint: text('name_fingerprint'),
  /** Another consultant's live claim with the same name but other contacts (0026; back office only). */
  nameMatchOf: integer('name_match_of'),
  subordinate: boolean('subordinate').notNull().default(false),
  priorIntroducedAt: ts('prior_introduced_at'),
  status: text('status').$type<IntroductionStatus>().notNull().default('neu'),
  statusChangedAt: ts('status_changed_at').notNull(),
  statusNote: text('status_note'),
  claimLapsedAt: ts('claim_lapsed_at'),
  alreadyKnownAt: ts('already_known_at'),
  alreadyKnownNote: text('already_known_note'),
  alreadyKnownUploadId: integer('already_known_upload_id'),
  seenByCompanyAt: ts('seen_by_company_at'),
  circumventionAt: ts('circumvention_at'),
  resolvedAt: ts('resolved_at'),
  resolutionNote: text('resolution_note'),
  /** 0031: the company's account id after that account was deleted (company_id is then NULL). */
  formerCompanyId: integer('former_company_id'),
  createdAt: created(),
  updatedAt: updated(),
});

/** The append-only register (migration 0018; introductions/register.ts). */
export const introductionEvents = pgTable('introduction_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  introductionId: integer('introduction_id').notNull(),
  kind: text('kind').$type<RegisterEventKind>().notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  note: text('note'),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
  /** HMAC-SHA256 of `hash` under REGISTER_SECRET (0026); null only for entries from before it. */
  mac: text('mac'),
  createdAt: created(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
/** A calendar day as 'YYYY-MM-DD' (Vienna). */
const day = (name: string) => date(name, { mode: 'string' });

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

export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind').$type<NotificationKind>().notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link').notNull(),
  createdAt: created(),
  readAt: ts('read_at'),
  mailDue: boolean('mail_due').notNull().default(false),
  mailedAt: ts('mailed_at'),
});

export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const notificationMailLog = pgTable(
  'notification_mail_log',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    lastMailedAt: ts('last_mailed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export type DataExportStatusValue = 'pending' | 'ready' | 'downloaded' | 'expired' | 'failed';

/** 'Meine Daten herunterladen' requests, each a job of the data-export worker (0028; modules/data-export). */
export const dataExports = pgTable('data_exports', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  status: text('status').$type<DataExportStatusValue>().notNull().default('pending'),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  lockedBy: text('locked_by'),
  /** The file the running attempt writes; never served. */
  buildingKey: text('building_key'),
  /** The finished ZIP, set together with the token once the upload completed. */
  storageKey: text('storage_key'),
  size: bigint('size', { mode: 'number' }),
  tokenHash: text('token_hash'),
  readyAt: ts('ready_at'),
  expiresAt: ts('expires_at'),
  downloadedAt: ts('downloaded_at'),
  lastError: text('last_error'),
});

/** Keys whose object may exist without an uploads row (a put given up on, a failed delete); swept hourly. */
export const storageOrphans = pgTable('storage_orphans', {
  storageKey: text('storage_key').primaryKey(),
  notedAt: ts('noted_at').notNull().defaultNow(),
});

// ---------- two-factor sign-in and sessions (migration 0027, decision 0028) ----------

export type SessionSecondFactor = 'totp' | 'recovery' | 'passkey' | 'enrolment';

/** One sign-in; the JWT's `sid` names it (services/auth.ts checks it on every request). */
export const userSessions = pgTable('user_sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  tokenVersion: integer('token_version').notNull(),
  device: text('device').notNull(),
  place: text('place').notNull(),
  deviceKey: text('device_key').notNull(),
  secondFactor: text('second_factor').$type<SessionSecondFactor>(),
  createdAt: created(),
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const userTotp = pgTable('user_totp', {
  userId: integer('user_id').primaryKey(),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: created(),
});

export const userRecoveryCodes = pgTable('user_recovery_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
});

export const userPasskeys = pgTable('user_passkeys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  credentialId: text('credential_id').notNull(),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: jsonb('transports').$type<string[]>().notNull().default([]),
  name: text('name').notNull(),
  createdAt: created(),
  lastUsedAt: ts('last_used_at'),
});

export type AuthChallengePurpose = 'sign_in' | 'passkey_registration' | 'step_up';

export const authChallenges = pgTable('auth_challenges', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  purpose: text('purpose').$type<AuthChallengePurpose>().notNull(),
  tokenHash: text('token_hash').notNull(),
  webauthnChallenge: text('webauthn_challenge'),
  deviceKey: text('device_key'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
});

/** Evidence of a deleted company's identity for the claim rules (0031; introductions/former-companies.ts). */
export const formerParties = pgTable('former_parties', {
  id: serial('id').primaryKey(),
  formerUserId: integer('former_user_id').notNull(),
  role: text('role').$type<'company' | 'consultant'>().notNull(),
  emailDomain: text('email_domain'),
  uids: text('uids').array().notNull().default([]),
  deletedAt: ts('deleted_at').notNull(),
  evidenceUntil: ts('evidence_until').notNull(),
});

/** The register's newest entry and count, MACed (0026; introductions/register.ts): a cut tail shows. */
export const registerHead = pgTable('register_head', {
  id: boolean('id').primaryKey().default(true),
  entryId: bigint('entry_id', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  legacyEntries: bigint('legacy_entries', { mode: 'number' }).notNull(),
  mac: text('mac').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
