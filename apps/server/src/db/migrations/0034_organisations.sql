-- Issue 31 (decision 0031): the parties of the marketplace are organisations, people act for them as
-- members with a role. This file creates the organisations, their members, invitations and the back
-- office's register checks, names the active membership of every session, and makes every existing
-- company and consultant account an organisation of one with that person as its administrator.
-- Ownership of advertisements, conversations, introductions and invoices moves in later migrations,
-- one feature at a time, each with its own backfill.

CREATE TABLE organisations (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('company', 'agency')),
  -- The legal name (invoices, register); the public profile shows it too.
  name text NOT NULL,
  -- core LEGAL_FORMS; null until an administrator gives the legal identity.
  legal_form text,
  street text,
  postal_code text,
  city text,
  country text NOT NULL DEFAULT 'AT',
  -- Firmenbuchnummer, normalised 'FN 33209m'; required where the legal form is registered.
  register_number text,
  -- UID, normalised 'ATU13585627'.
  uid text,
  -- Agencies: the GISA number of the trade 'Arbeitsvermittlung'.
  gisa_number text,
  billing_email text,
  -- The public profile (replaces the per-person profile when that feature moves).
  description text,
  services jsonb NOT NULL DEFAULT '[]'::jsonb,
  logo_upload_id integer REFERENCES uploads(id) ON DELETE SET NULL,
  public boolean NOT NULL DEFAULT false,
  public_directory_consent_at timestamptz(3),
  -- Who registered it; the migration's organisations of one name their only person.
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX organisations_kind_idx ON organisations (kind);

-- A person's membership. Ended memberships stay (left_at) so that what a member did keeps its author.
CREATE TABLE organisation_members (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- core MEMBER_ROLES_OF: company administrator | recruiting | accounting; agency administrator | consultant | accounting.
  role text NOT NULL CHECK (role IN ('administrator', 'recruiting', 'consultant', 'accounting')),
  invited_by integer REFERENCES users(id) ON DELETE SET NULL,
  joined_at timestamptz(3) NOT NULL DEFAULT now(),
  -- When the person last chose this organisation: sign-in starts with the most recent one.
  last_active_at timestamptz(3),
  left_at timestamptz(3),
  -- Who ended it: the person themselves (left) or an administrator (removed).
  ended_by integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX organisation_members_active_unique
  ON organisation_members (organisation_id, user_id) WHERE left_at IS NULL;
CREATE INDEX organisation_members_user_idx ON organisation_members (user_id) WHERE left_at IS NULL;

-- Invitations by e-mail: single use, 7 days, only the token's hash is kept.
CREATE TABLE organisation_invitations (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  -- The invited address, lower case: only an account with this address may accept.
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('administrator', 'recruiting', 'consultant', 'accounting')),
  token_hash text NOT NULL,
  invited_by integer REFERENCES users(id) ON DELETE SET NULL,
  send_count integer NOT NULL DEFAULT 1,
  last_sent_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  accepted_at timestamptz(3),
  accepted_by integer REFERENCES users(id) ON DELETE SET NULL,
  revoked_at timestamptz(3),
  revoked_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organisation_invitations_token_unique ON organisation_invitations (token_hash);
-- One open invitation per address and organisation (a second one renews the first).
CREATE UNIQUE INDEX organisation_invitations_open_unique
  ON organisation_invitations (organisation_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- The back office's 'geprüft' marks: which value of which register field it checked, when, by whom.
-- A mark counts only while the field still holds the value that was checked.
CREATE TABLE organisation_register_checks (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  field text NOT NULL CHECK (field IN ('register_number', 'uid', 'gisa_number')),
  value text NOT NULL,
  note text NOT NULL,
  checked_by integer REFERENCES users(id) ON DELETE SET NULL,
  checked_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX organisation_register_checks_org_idx ON organisation_register_checks (organisation_id, field, checked_at DESC);

-- The membership a session acts for; null: the person has to choose one (or has none).
ALTER TABLE user_sessions
  ADD COLUMN organisation_member_id integer REFERENCES organisation_members(id) ON DELETE SET NULL;

-- The sign-in check (services/auth.ts) reads the session's membership with its role and its
-- organisation's name and kind: a switch, a role change, an ended membership or a renamed organisation
-- raises the accounts version at commit (0023), so every instance sees it on the next request.
DROP TRIGGER accounts_version_session_update ON user_sessions;
CREATE CONSTRAINT TRIGGER accounts_version_session_update AFTER UPDATE ON user_sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.second_factor IS DISTINCT FROM NEW.second_factor
    OR OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.organisation_member_id IS DISTINCT FROM NEW.organisation_member_id
  )
  EXECUTE FUNCTION accounts_version_bump();
CREATE CONSTRAINT TRIGGER accounts_version_member_update AFTER UPDATE ON organisation_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD.role IS DISTINCT FROM NEW.role
    OR OLD.left_at IS DISTINCT FROM NEW.left_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id
  )
  EXECUTE FUNCTION accounts_version_bump();
CREATE CONSTRAINT TRIGGER accounts_version_member_delete AFTER DELETE ON organisation_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION accounts_version_bump();
CREATE CONSTRAINT TRIGGER accounts_version_organisation_update AFTER UPDATE ON organisations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.kind IS DISTINCT FROM NEW.kind)
  EXECUTE FUNCTION accounts_version_bump();
CREATE CONSTRAINT TRIGGER accounts_version_organisation_delete AFTER DELETE ON organisations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION accounts_version_bump();

-- Every company and consultant account becomes an organisation of one, its person the administrator.
INSERT INTO organisations (kind, name, created_by, created_at, updated_at)
SELECT CASE u.role WHEN 'company' THEN 'company' ELSE 'agency' END, u.username, u.id, u.created_at, u.created_at
FROM users u
WHERE u.role IN ('company', 'consultant')
ORDER BY u.id;

INSERT INTO organisation_members (organisation_id, user_id, role, joined_at, last_active_at)
SELECT o.id, o.created_by, 'administrator', o.created_at, o.created_at
FROM organisations o;

UPDATE user_sessions s
SET organisation_member_id = m.id
FROM organisation_members m
WHERE m.user_id = s.user_id AND m.left_at IS NULL;
