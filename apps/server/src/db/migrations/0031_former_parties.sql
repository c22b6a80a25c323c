-- Issue 28 (4): a company that deletes its account and registers again does not start with a
-- clean register. Its introductions keep the former account's id (company_id is set NULL by the
-- deletion), and the former account's e-mail domain (not for free-mail providers) and UIDs stay
-- as evidence for 12 months (CIRCUMVENTION_MONTHS); the retention run deletes them after.
CREATE TABLE former_parties (
  id serial PRIMARY KEY,
  former_user_id integer NOT NULL,
  role text NOT NULL CHECK (role IN ('company', 'consultant')),
  email_domain text CHECK (char_length(email_domain) <= 255),
  uids text[] NOT NULL DEFAULT '{}',
  deleted_at timestamptz NOT NULL,
  evidence_until timestamptz NOT NULL
);
CREATE INDEX former_parties_domain_idx ON former_parties (email_domain) WHERE email_domain IS NOT NULL;
CREATE INDEX former_parties_uids_idx ON former_parties USING gin (uids);

ALTER TABLE introductions ADD COLUMN former_company_id integer;
CREATE INDEX introductions_former_company_idx ON introductions (former_company_id)
  WHERE former_company_id IS NOT NULL;
