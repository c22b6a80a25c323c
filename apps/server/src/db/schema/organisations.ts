import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LegalForm, MemberRole, OrganisationKind, RegisterField } from '@pb/core';
import { created, ts, updated } from './columns';

/** Organisations, their members, invitations and the back office's register checks (0034). */

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<OrganisationKind>().notNull(),
  name: text('name').notNull(),
  legalForm: text('legal_form').$type<LegalForm>(),
  street: text('street'),
  postalCode: text('postal_code'),
  city: text('city'),
  country: text('country').notNull().default('AT'),
  registerNumber: text('register_number'),
  uid: text('uid'),
  gisaNumber: text('gisa_number'),
  billingEmail: text('billing_email'),
  /** The public profile (0040): where to write to the organisation; the directory's mailto link. */
  contactEmail: text('contact_email'),
  description: text('description'),
  services: jsonb('services').$type<string[]>().notNull().default([]),
  logoUploadId: integer('logo_upload_id'),
  /** Agencies: listed in the directory for signed-in users; with the consent below, for visitors too. */
  public: boolean('public').notNull().default(false),
  publicDirectoryConsentAt: ts('public_directory_consent_at'),
  /** Agencies (0050): the track record is shown on the public profile. */
  trackRecordPublic: boolean('track_record_public').notNull().default(false),
  /** The end of the contract after an objection to new terms (0039); null: running. */
  contractEndsAt: ts('contract_ends_at'),
  createdBy: integer('created_by'),
  createdAt: created(),
  updatedAt: updated(),
});

export const organisationMembers = pgTable('organisation_members', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id').notNull(),
  userId: integer('user_id').notNull(),
  role: text('role').$type<MemberRole>().notNull(),
  invitedBy: integer('invited_by'),
  joinedAt: ts('joined_at').notNull().defaultNow(),
  lastActiveAt: ts('last_active_at'),
  leftAt: ts('left_at'),
  endedBy: integer('ended_by'),
});

export const organisationInvitations = pgTable('organisation_invitations', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id').notNull(),
  email: text('email').notNull(),
  role: text('role').$type<MemberRole>().notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedBy: integer('invited_by'),
  sendCount: integer('send_count').notNull().default(1),
  lastSentAt: ts('last_sent_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  acceptedBy: integer('accepted_by'),
  revokedAt: ts('revoked_at'),
  revokedBy: integer('revoked_by'),
  createdAt: created(),
});

export const organisationRegisterChecks = pgTable('organisation_register_checks', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id').notNull(),
  field: text('field').$type<RegisterField>().notNull(),
  value: text('value').notNull(),
  /** The organisation's name when checked (0039): the mark lapses when the name changes. */
  organisationName: text('organisation_name'),
  note: text('note').notNull(),
  checkedBy: integer('checked_by'),
  checkedAt: ts('checked_at').notNull().defaultNow(),
});
