import { bigserial, bigint, boolean, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { AnonymousProfile, ConsentState, IntroductionStatus, RegisterEventKind, RejectionReason } from '@pb/core';
import { created, ts, updated } from './columns';

/** Candidate introductions, the register and its head, former parties. */

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
  /** When the candidate agreed (0048; before: when the consultant ticked that they had). */
  consentAt: ts('consent_at'),
  /** 0048 (issue 35): the candidate's own answer to the mailed link, and what the company sees until then. */
  consentState: text('consent_state').$type<ConsentState>().notNull().default('pending'),
  consentRequestedAt: ts('consent_requested_at'),
  consentRemindedAt: ts('consent_reminded_at'),
  consentAnsweredAt: ts('consent_answered_at'),
  consentWithdrawnAt: ts('consent_withdrawn_at'),
  consentNonce: text('consent_nonce'),
  consentTokenHash: text('consent_token_hash'),
  identityReleasedAt: ts('identity_released_at'),
  profile: jsonb('profile').$type<AnonymousProfile>(),
  /** 0049: a rejection's reason from the fixed catalogue. */
  rejectionReason: text('rejection_reason').$type<RejectionReason>(),
  keepLonger: boolean('keep_longer').notNull().default(false),
  personalDataDeletedAt: ts('personal_data_deleted_at'),
  emailFingerprint: text('email_fingerprint'),
  phoneFingerprint: text('phone_fingerprint'),
  fingerprintsDeletedAt: ts('fingerprints_deleted_at'),
  candidateSalt: text('candidate_salt'),
  /** Fingerprint of the normalised name (0026): a secondary signal, deleted with the others. */
  nameFingerprint: text('name_fingerprint'),
  /** Another agency's live claim with the same name but other contacts (0026; back office only). */
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
  /** 0037: the agency the introduction and its claim belong to; the company it was made to. */
  agencyOrganisationId: integer('agency_organisation_id'),
  companyOrganisationId: integer('company_organisation_id'),
  /** 0037: the member who introduced (consultant_id is the handler and changes with a hand-over). */
  introducedByMemberId: integer('introduced_by_member_id'),
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
