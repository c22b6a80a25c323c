-- Issue 28 item 17 (decision 0028): one row per sign-in (the 'Sitzungen' page), second factors
-- (TOTP with recovery codes, passkeys) and the short-lived challenges between the password step
-- and the second factor, or of a passkey registration.

-- A session: the JWT names it (claim `sid`); a request is signed in only while its session is
-- neither revoked nor expired and its token version is the account's.
CREATE TABLE user_sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_version integer NOT NULL,
  -- 'Chrome 131 auf Windows', from the user agent (lib/devices.ts).
  device text NOT NULL,
  -- The network of the sign-in: an IPv4 /24 or IPv6 /48 prefix, never the full address.
  place text NOT NULL,
  -- Hash of the browser's device id (or of device and place without one): known vs. new device.
  device_key text NOT NULL,
  -- How this session proved a second factor: 'totp', 'recovery', 'passkey' or 'enrolment'; null: password only.
  second_factor text CHECK (second_factor IN ('totp', 'recovery', 'passkey', 'enrolment')),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  -- Written at most every few minutes (lib/auth.ts), not on every request.
  last_used_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  revoked_at timestamptz(3)
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id, created_at DESC);
CREATE INDEX user_sessions_device_idx ON user_sessions (user_id, device_key);

-- The TOTP secret, encrypted (AES-256-GCM, lib/secret-box.ts); confirmed_at null while the
-- enrolment waits for its first valid code. last_step: the newest 30-second step a code was
-- accepted for — a code of that step or an older one is a replay.
CREATE TABLE user_totp (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_encrypted text NOT NULL,
  confirmed_at timestamptz(3),
  last_step bigint,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- One-time recovery codes, stored as keyed hashes (HMAC-SHA-256); used_at set once.
CREATE TABLE user_recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_recovery_codes_hash_unique ON user_recovery_codes (user_id, code_hash);

-- WebAuthn credentials (public keys; the private key never leaves the authenticator).
CREATE TABLE user_passkeys (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  name text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_used_at timestamptz(3)
);
CREATE UNIQUE INDEX user_passkeys_credential_unique ON user_passkeys (credential_id);
CREATE INDEX user_passkeys_user_idx ON user_passkeys (user_id);

-- A challenge: the password step's ticket to the second factor ('sign_in', its token hashed)
-- or a passkey registration's ('passkey_registration'); single use, minutes long, few attempts.
CREATE TABLE auth_challenges (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('sign_in', 'passkey_registration')),
  token_hash text NOT NULL,
  -- The WebAuthn challenge handed to the browser (base64url), checked once.
  webauthn_challenge text,
  device_key text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX auth_challenges_token_unique ON auth_challenges (token_hash);
CREATE INDEX auth_challenges_user_idx ON auth_challenges (user_id, purpose);

-- What the sign-in check caches (lib/auth.ts) includes the session: revoking one, or a session
-- proving a second factor, raises the accounts version at commit (migration 0023), so every
-- instance sees it on the next request. Sign-ins (INSERT) and last use do not count.
CREATE CONSTRAINT TRIGGER accounts_version_session_update AFTER UPDATE ON user_sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.second_factor IS DISTINCT FROM NEW.second_factor
    OR OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
  )
  EXECUTE FUNCTION accounts_version_bump();
CREATE CONSTRAINT TRIGGER accounts_version_session_delete AFTER DELETE ON user_sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION accounts_version_bump();

-- Tokens issued before this migration name no session: they end now (everyone signs in once more).
UPDATE users SET token_version = token_version + 1;
