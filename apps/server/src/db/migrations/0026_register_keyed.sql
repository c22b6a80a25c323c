-- The introductions register keyed and anchored (issue 28; docs/decisions/0027-register-keyed-and-anchored.md).
-- Each new entry carries an HMAC-SHA256 of its hash under REGISTER_SECRET, a key the database
-- never holds. Entries written before this migration have none ("legacy"): the first keyed
-- entry or the seal (register_head.legacy_entries) covers them through the hash links.
ALTER TABLE introduction_events
  ADD COLUMN mac text CHECK (mac IS NULL OR mac ~ '^[0-9a-f]{64}$');

-- The MAC is part of what may never change (the one allowed change stays: blanking `note`).
CREATE OR REPLACE FUNCTION introduction_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.note IS NULL
     AND NEW.id = OLD.id AND NEW.introduction_id = OLD.introduction_id AND NEW.kind = OLD.kind
     AND NEW.content = OLD.content AND NEW.prev_hash = OLD.prev_hash AND NEW.hash = OLD.hash
     AND NEW.mac IS NOT DISTINCT FROM OLD.mac AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'introduction_events is append-only';
END;
$$;

-- The newest entry and the count, MACed: updated with every append (under the register lock),
-- so deleting the newest entries (a cut tail) no longer leaves a chain that verifies.
CREATE TABLE register_head (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  entry_id bigint NOT NULL CHECK (entry_id >= 0),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  entries bigint NOT NULL CHECK (entries >= 0),
  legacy_entries bigint NOT NULL CHECK (legacy_entries >= 0),
  mac text NOT NULL CHECK (mac ~ '^[0-9a-f]{64}$'),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Candidate matching (issue 28 item 10): the name as a secondary signal. Its fingerprint is kept
-- and deleted with the others; name_match_of marks an introduction whose candidate has the name
-- of another consultant's live claim with other contacts (for the back office only).
ALTER TABLE introductions
  ADD COLUMN name_fingerprint text,
  ADD COLUMN name_match_of integer REFERENCES introductions(id) ON DELETE SET NULL;
CREATE INDEX introductions_name_fp_idx ON introductions (company_id, name_fingerprint) WHERE name_fingerprint IS NOT NULL;
