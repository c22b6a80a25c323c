-- Issue 31 (decision 0031, "The public profile"): the public profile — description, services, logo,
-- the directory listing and its consent for visitors — belongs to the organisation, not to a person.
-- Every organisation that exists was founded by one person (0034: an organisation of one, or a
-- registration since), whose profile it takes over while that person is still a member (a founder who
-- left or whose account is gone hands nothing over: their address and photo are theirs, not the
-- organisation's). The person keeps only their own name and address; the profile columns of the
-- person are dropped (DSGVO: one place, no stale copy).

-- Where consultants and companies write to the organisation (the directory card's mailto link).
ALTER TABLE organisations ADD COLUMN contact_email text;

UPDATE organisations o
   SET description = coalesce(o.description, u.description),
       services = CASE WHEN o.kind = 'agency' AND o.services = '[]'::jsonb THEN u.services ELSE o.services END,
       -- Only agencies showed an image and were listed (spec §2); a company's stays unused and goes.
       logo_upload_id = CASE
         -- One image, one organisation (organisations_logo_unique below).
         WHEN o.kind = 'agency'
          AND NOT EXISTS (SELECT 1 FROM users u2 WHERE u2.profile_img_id = u.profile_img_id AND u2.id <> u.id)
           THEN coalesce(o.logo_upload_id, u.profile_img_id)
       END,
       public = CASE WHEN o.kind = 'agency' THEN (o.public OR u.public) ELSE false END,
       public_directory_consent_at = CASE
         WHEN o.kind = 'agency' AND (o.public OR u.public)
           THEN coalesce(o.public_directory_consent_at, u.public_directory_consent_at)
       END,
       contact_email = coalesce(o.contact_email, u.email)
  FROM users u
 WHERE u.id = o.created_by
   AND EXISTS (SELECT 1 FROM organisation_members m
                WHERE m.organisation_id = o.id AND m.user_id = u.id AND m.left_at IS NULL);

-- Images no organisation took over go with the person's profile: a company's (never shown, spec §2)
-- and a departed founder's. The rows go; the files are noted for the hourly sweep of the file store
-- (0029, docs/operations.md).
WITH unused AS (
  DELETE FROM uploads up
   USING users u
   WHERE up.id = u.profile_img_id
     AND up.purpose = 'profile_image'
     AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.logo_upload_id = up.id)
  RETURNING up.storage_key
)
INSERT INTO storage_orphans (storage_key) SELECT storage_key FROM unused ON CONFLICT DO NOTHING;

-- The accounts version (0023) rose with a person's description, which advertisements showed; now
-- the organisation's description and contact address are what they show, so these raise it instead.
DROP TRIGGER accounts_version_update ON users;
CREATE CONSTRAINT TRIGGER accounts_version_update AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.blocked IS DISTINCT FROM NEW.blocked
    OR OLD.confirmed IS DISTINCT FROM NEW.confirmed
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION accounts_version_bump();
DROP TRIGGER accounts_version_organisation_update ON organisations;
-- The directory lists agencies in German order, as it listed people (0016: ä with a, case ignored
-- first); a column a trigger names cannot change its type, hence here, between drop and create.
ALTER TABLE organisations ALTER COLUMN name TYPE text COLLATE "und-x-icu";
CREATE CONSTRAINT TRIGGER accounts_version_organisation_update AFTER UPDATE ON organisations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.kind IS DISTINCT FROM NEW.kind
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.contact_email IS DISTINCT FROM NEW.contact_email
  )
  EXECUTE FUNCTION accounts_version_bump();

DROP INDEX IF EXISTS users_public_idx;
ALTER TABLE users
  DROP COLUMN description,
  DROP COLUMN services,
  DROP COLUMN public,
  DROP COLUMN public_directory_consent_at,
  DROP COLUMN profile_img_id;

-- The directory lists agencies that chose to be public, in name order.
CREATE INDEX organisations_listed_idx ON organisations (name, id) WHERE kind = 'agency' AND public;
-- One logo belongs to one organisation.
CREATE UNIQUE INDEX organisations_logo_unique ON organisations (logo_upload_id) WHERE logo_upload_id IS NOT NULL;
