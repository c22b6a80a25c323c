-- Mails that anyone may trigger for an address (password reset, confirmation resend) are
-- throttled per address: one per cooldown and a small budget per window
-- (modules/auth/mail-throttle.ts). The HTTP answer never tells; only the mails are held back.
-- The address is stored as SHA-256 of its lower-case form (also for addresses without account).
CREATE TABLE mail_throttle (
  kind text NOT NULL CHECK (kind IN ('password_reset', 'email_confirmation')),
  address_hash text NOT NULL,
  last_sent_at timestamptz(3) NOT NULL,
  window_started_at timestamptz(3) NOT NULL,
  sent_in_window integer NOT NULL DEFAULT 1,
  PRIMARY KEY (kind, address_hash)
);
-- finished windows are removed as new requests come in
CREATE INDEX mail_throttle_window_idx ON mail_throttle (window_started_at);
