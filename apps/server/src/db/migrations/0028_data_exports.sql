-- 'Meine Daten herunterladen' (DSGVO Art. 15 and 20; issue 28 item 18, docs/privacy.md).
-- A request is a job: the data-export worker claims it with FOR UPDATE SKIP LOCKED and a lease
-- (locked_until, locked_by) like the mail outbox, so several instances never build the same
-- export twice and a job whose worker died is taken up again once the lease ran out.
-- building_key names the file the current attempt writes; storage_key is set only in the
-- transaction that also stores the token and queues the mail, after the upload completed.
-- The row goes with the account (ON DELETE CASCADE); its file is removed by the deletion.
CREATE TABLE data_exports (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'ready', 'downloaded', 'expired', 'failed')),
  requested_at timestamptz(3) NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  locked_until timestamptz(3),
  locked_by text,
  building_key text,
  storage_key text,
  size bigint,
  -- SHA-256 of the single-use download token; the token itself is only in the mail.
  token_hash text UNIQUE,
  ready_at timestamptz(3),
  expires_at timestamptz(3),
  downloaded_at timestamptz(3),
  last_error text,
  CHECK (status <> 'ready' OR (storage_key IS NOT NULL AND token_hash IS NOT NULL AND expires_at IS NOT NULL))
);
-- One running request per account: a second concurrent request fails on this index (409).
CREATE UNIQUE INDEX data_exports_one_running ON data_exports (user_id) WHERE status = 'pending';
CREATE INDEX data_exports_user ON data_exports (user_id, id DESC);
CREATE INDEX data_exports_due ON data_exports (next_attempt_at, id) WHERE status = 'pending';
