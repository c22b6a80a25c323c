-- E-mail changes wait for a link sent to the new address (docs/decisions/0009-email-change.md).
-- Both links carry random tokens; only their SHA-256 is stored.
CREATE TABLE email_changes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  old_email text NOT NULL,
  new_email text NOT NULL,
  -- the link to the new address: confirms the change, single use, until expires_at
  confirm_token_hash text NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  -- the link in the notice to the old address: objects, single use, until objection_expires_at
  objection_token_hash text NOT NULL,
  objection_expires_at timestamptz(3) NOT NULL,
  -- confirmation mails sent (request and resends), for the resend limit
  send_count integer NOT NULL DEFAULT 1,
  last_sent_at timestamptz(3) NOT NULL DEFAULT now(),
  confirmed_at timestamptz(3),
  cancelled_at timestamptz(3),
  cancel_reason text CHECK (cancel_reason IN ('replaced', 'owner', 'objection', 'taken')),
  objected_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (confirmed_at IS NULL OR cancelled_at IS NULL)
);
CREATE UNIQUE INDEX email_changes_confirm_hash_unique ON email_changes (confirm_token_hash);
CREATE UNIQUE INDEX email_changes_objection_hash_unique ON email_changes (objection_token_hash);
-- at most one open (neither confirmed nor cancelled) change per account
CREATE UNIQUE INDEX email_changes_one_open ON email_changes (user_id) WHERE confirmed_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX email_changes_user_created_idx ON email_changes (user_id, created_at);
