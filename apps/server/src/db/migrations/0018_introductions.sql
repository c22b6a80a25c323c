-- Candidate introductions (issue 11; docs/decisions/0019-introductions-register.md).
-- `introductions` is the current state of each introduction (what lists and checks read);
-- `introduction_events` is the append-only register: one entry per introduction and per
-- change, each with the hash of the entry before it. Personal data (candidate name, contact,
-- pitch, CV) lives only in `introductions` so retention can delete it without breaking the chain.
CREATE TABLE introductions (
  id serial PRIMARY KEY,
  job_id integer REFERENCES jobs(id) ON DELETE SET NULL,
  company_id integer REFERENCES users(id) ON DELETE SET NULL,
  consultant_id integer REFERENCES users(id) ON DELETE SET NULL,
  conversation_id integer REFERENCES chat_communications(id) ON DELETE SET NULL,
  message_id bigint REFERENCES chat_messages(id) ON DELETE SET NULL,
  -- snapshots for the evidence: the names when the candidate was introduced
  job_title text NOT NULL,
  company_name text NOT NULL,
  consultant_name text,
  bonus numeric(5,2) NOT NULL CHECK (bonus >= 0 AND bonus <= 100),
  introduced_at timestamptz(3) NOT NULL,
  -- the candidate (deleted by retention; personal_data_deleted_at says when)
  first_name text CHECK (first_name IS NULL OR char_length(first_name) BETWEEN 1 AND 100),
  last_name text CHECK (last_name IS NULL OR char_length(last_name) BETWEEN 1 AND 100),
  email text CHECK (email IS NULL OR char_length(email) <= 254),
  phone text CHECK (phone IS NULL OR char_length(phone) <= 40),
  pitch text CHECK (pitch IS NULL OR char_length(pitch) <= 2000),
  -- the CV and the 'Bereits bekannt' document travel as chat files of the introduction's conversation
  cv_upload_id integer REFERENCES uploads(id) ON DELETE SET NULL,
  consent_at timestamptz(3) NOT NULL,
  keep_longer boolean NOT NULL DEFAULT false,
  personal_data_deleted_at timestamptz(3),
  -- keyed hashes of the normalised contact (server secret); kept for the circumvention period only
  email_fingerprint text,
  phone_fingerprint text,
  fingerprints_deleted_at timestamptz(3),
  -- per-introduction salt of the register's candidate commitment (deleted with the fingerprints)
  candidate_salt text,
  subordinate boolean NOT NULL DEFAULT false,
  prior_introduced_at timestamptz(3),
  status text NOT NULL DEFAULT 'neu'
    CHECK (status IN ('neu', 'in_pruefung', 'interview', 'angebot', 'eingestellt', 'abgesagt')),
  status_changed_at timestamptz(3) NOT NULL,
  status_note text CHECK (status_note IS NULL OR char_length(status_note) <= 2000),
  -- claim: lapsed while rejected (until revived), void once declared 'Bereits bekannt'
  claim_lapsed_at timestamptz(3),
  already_known_at timestamptz(3),
  already_known_note text CHECK (already_known_note IS NULL OR char_length(already_known_note) BETWEEN 1 AND 2000),
  already_known_upload_id integer REFERENCES uploads(id) ON DELETE SET NULL,
  seen_by_company_at timestamptz(3),
  circumvention_at timestamptz(3),
  resolved_at timestamptz(3),
  resolution_note text CHECK (resolution_note IS NULL OR char_length(resolution_note) <= 2000),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (personal_data_deleted_at IS NOT NULL OR email IS NOT NULL OR phone IS NOT NULL)
);
-- 'Meine Vorstellungen' and the company's list, newest first
CREATE INDEX introductions_consultant_idx ON introductions (consultant_id, introduced_at DESC);
CREATE INDEX introductions_company_idx ON introductions (company_id, introduced_at DESC);
CREATE INDEX introductions_job_idx ON introductions (job_id, introduced_at DESC);
-- the claim checks: the same candidate with the same company
CREATE INDEX introductions_email_fp_idx ON introductions (company_id, email_fingerprint) WHERE email_fingerprint IS NOT NULL;
CREATE INDEX introductions_phone_fp_idx ON introductions (company_id, phone_fingerprint) WHERE phone_fingerprint IS NOT NULL;

-- The register. No foreign keys to users or jobs: deleting an account never rewrites evidence.
CREATE TABLE introduction_events (
  id bigserial PRIMARY KEY,
  introduction_id integer NOT NULL REFERENCES introductions(id) ON DELETE RESTRICT,
  kind text NOT NULL,
  content jsonb NOT NULL,
  -- free text of the entry (a reason, a note): its SHA-256 is in `content` as noteHash, so it is
  -- proven while it exists, and retention may blank it (personal data) without breaking the chain
  note text CHECK (note IS NULL OR char_length(note) <= 2000),
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX introduction_events_introduction_idx ON introduction_events (introduction_id, id);

-- Append-only: the product never updates or deletes an entry; the one change allowed is
-- blanking `note` (retention). A superuser can still disable the trigger; `npm run
-- register:verify` is what detects such an edit.
CREATE FUNCTION introduction_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.note IS NULL
     AND NEW.id = OLD.id AND NEW.introduction_id = OLD.introduction_id AND NEW.kind = OLD.kind
     AND NEW.content = OLD.content AND NEW.prev_hash = OLD.prev_hash AND NEW.hash = OLD.hash
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'introduction_events is append-only';
END;
$$;
CREATE TRIGGER introduction_events_no_update BEFORE UPDATE OR DELETE ON introduction_events
  FOR EACH ROW EXECUTE FUNCTION introduction_events_append_only();
CREATE TRIGGER introduction_events_no_truncate BEFORE TRUNCATE ON introduction_events
  FOR EACH STATEMENT EXECUTE FUNCTION introduction_events_append_only();

-- A placement report names the introduction it is about (the locked bonus applies) and carries
-- the back office's circumvention flag with its evidence.
ALTER TABLE placement_reports
  ADD COLUMN introduction_id integer REFERENCES introductions(id) ON DELETE SET NULL,
  ADD COLUMN circumvention_at timestamptz(3),
  ADD COLUMN circumvention_evidence jsonb;
CREATE INDEX placement_reports_circumvention_idx ON placement_reports (circumvention_at DESC)
  WHERE circumvention_at IS NOT NULL;
