-- Issue 35: the candidate confirms an introduction themselves (a mailed link) before the company
-- sees who they are; until then the company sees the consultant's anonymised profile. Introductions
-- from before stay as they were: the consultant's tick was the consent, the identity went at once.
ALTER TABLE introductions ALTER COLUMN consent_at DROP NOT NULL;
ALTER TABLE introductions
  ADD COLUMN consent_state text NOT NULL DEFAULT 'confirmed'
    CHECK (consent_state IN ('pending', 'confirmed', 'declined', 'expired', 'cancelled', 'withdrawn')),
  ADD COLUMN consent_requested_at timestamptz(3),
  ADD COLUMN consent_reminded_at timestamptz(3),
  ADD COLUMN consent_answered_at timestamptz(3),
  ADD COLUMN consent_withdrawn_at timestamptz(3),
  -- The link is derived from this nonce with the server's key (it can be mailed again as a
  -- reminder); only its hash is looked up, so a database reader cannot use a link.
  ADD COLUMN consent_nonce text,
  ADD COLUMN consent_token_hash text,
  ADD COLUMN identity_released_at timestamptz(3),
  ADD COLUMN profile jsonb;
ALTER TABLE introductions ALTER COLUMN consent_state SET DEFAULT 'pending';
UPDATE introductions SET identity_released_at = introduced_at;
-- A withdrawal deletes the contact at once; the name stays for the claim until the retention run.
ALTER TABLE introductions DROP CONSTRAINT introductions_check;
ALTER TABLE introductions ADD CONSTRAINT introductions_contact
  CHECK (personal_data_deleted_at IS NOT NULL OR consent_state = 'withdrawn' OR email IS NOT NULL OR phone IS NOT NULL);
ALTER TABLE introductions ADD CONSTRAINT introductions_consent_given
  CHECK (consent_state NOT IN ('confirmed', 'withdrawn') OR (consent_at IS NOT NULL AND identity_released_at IS NOT NULL));
CREATE UNIQUE INDEX introductions_consent_token ON introductions (consent_token_hash)
  WHERE consent_token_hash IS NOT NULL;
-- The hourly run: reminders and expiry of open requests.
CREATE INDEX introductions_consent_pending ON introductions (consent_requested_at)
  WHERE consent_state = 'pending';

-- The company's field set: which parts of the anonymised profile an introduction must give.
ALTER TABLE jobs ADD COLUMN required_profile_fields jsonb NOT NULL DEFAULT '[]'::jsonb;
