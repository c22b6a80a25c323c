import { bigint, boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { created, ts, updated } from './columns';

/** Accounts, sign-in and e-mail changes; two-factor sign-in and sessions. */

export type UserRole = 'company' | 'consultant' | 'admin';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<UserRole>().notNull(),
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
  /** The membership the session acts for (0034); null: none chosen or none left. */
  organisationMemberId: integer('organisation_member_id'),
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
