-- Issue 31 (decision 0031, "Terms"): the terms are a contract between the operator and an
-- organisation. The operator publishes versions; each organisation's decision on a version is
-- recorded (accepted at registration or by an administrator, or objected to within the six weeks
-- of spec §9). No row for a published version: the organisation has not decided — after the
-- version's effective date that counts as accepted (silence), which the reads derive, so nothing
-- has to run at the deadline. An objection ends the contract at the version's effective date.

CREATE TABLE terms_versions (
  id serial PRIMARY KEY,
  -- How the operator names it, e.g. 'Fassung 2027-01'.
  version text NOT NULL UNIQUE,
  -- What changes, in plain German (mail, bell, the organisation page).
  summary text NOT NULL,
  published_at timestamptz(3) NOT NULL,
  -- published_at + 6 weeks: the end of the objection period and the day the version applies.
  effective_at timestamptz(3) NOT NULL CHECK (effective_at >= published_at),
  published_by integer REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE organisation_terms (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  terms_version_id integer NOT NULL REFERENCES terms_versions(id),
  decision text NOT NULL CHECK (decision IN ('accepted', 'objected')),
  decided_at timestamptz(3) NOT NULL,
  -- The accepting or objecting administrator (the founder at registration).
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  UNIQUE (organisation_id, terms_version_id)
);
CREATE INDEX organisation_terms_version_idx ON organisation_terms (terms_version_id, decision);

-- The end of the contract after an objection (the objected version's effective date); null: running.
ALTER TABLE organisations ADD COLUMN contract_ends_at timestamptz(3);

-- The terms every organisation accepted so far: one first version, in force since the first
-- organisation (or, on an empty database, since long before any), accepted by each existing
-- organisation when it was founded, by its founder.
INSERT INTO terms_versions (version, summary, published_at, effective_at)
SELECT 'Erstfassung', 'Allgemeine Geschäftsbedingungen der Prämienbörse bei Registrierung.',
       coalesce(min(created_at), timestamptz '2024-01-01 00:00:00+00'),
       coalesce(min(created_at), timestamptz '2024-01-01 00:00:00+00')
FROM organisations;
INSERT INTO organisation_terms (organisation_id, terms_version_id, decision, decided_at, decided_by)
SELECT o.id, v.id, 'accepted', o.created_at, o.created_by
FROM organisations o CROSS JOIN terms_versions v;

-- The bell tells administrators about a new version (their mail goes out regardless of settings).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('search_match', 'bonus_rise', 'job_deactivated', 'chat_message', 'introduction', 'guarantee', 'terms'));

-- The office's 'geprüft' marks (0034) also record the organisation's name they were given under: a
-- mark counts while the checked number and the name are unchanged, so renaming a checked company to
-- a famous one takes the badge away. No mark exists before this migration (no route wrote them).
ALTER TABLE organisation_register_checks ADD COLUMN organisation_name text;
CREATE UNIQUE INDEX terms_versions_version_lower_unique ON terms_versions (lower(version));
