-- Issue 14: the sign-in check of every request without its own round trip (decision 0023).
-- The version of what is cached from accounts — the guards' view (lib/auth.ts findAccount) and
-- the company shown on an advertisement: raised once by every transaction that changes a token
-- version, block, confirmation, role, e-mail address, user name or description, or deletes an
-- account — at commit, like the advertisement list's version (0022).
-- A request reads both versions in one statement; a cached account row is used only while the
-- version it was read at is still the committed one, so a revocation is seen exactly as before.
INSERT INTO list_versions (name, version) VALUES ('accounts', 1);

CREATE FUNCTION accounts_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, however many rows it changed.
  IF current_setting('pb.accounts_version_raised', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE list_versions SET version = version + 1 WHERE name = 'accounts';
    PERFORM set_config('pb.accounts_version_raised', txid_current()::text, true);
  END IF;
  RETURN NULL;
END;
$$;

-- Logins and presence (last_login, last_seen_at) do not count: they change nothing a guard reads.
CREATE CONSTRAINT TRIGGER accounts_version_update AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.blocked IS DISTINCT FROM NEW.blocked
    OR OLD.confirmed IS DISTINCT FROM NEW.confirmed
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION accounts_version_bump();
CREATE CONSTRAINT TRIGGER accounts_version_delete AFTER DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION accounts_version_bump();
CREATE TRIGGER accounts_version_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION accounts_version_bump();
