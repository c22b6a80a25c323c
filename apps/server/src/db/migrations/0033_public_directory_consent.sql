-- Issue 29: the consultant directory became visible to visitors (and search engines). A consultant
-- who chose 'Profil öffentlich anzeigen' while the texts said "for signed-in users" has not agreed
-- to that; the time of the consent to the directory for everyone is kept, and only consultants
-- with one are shown to visitors. Switching the listing off clears it.
ALTER TABLE users ADD COLUMN public_directory_consent_at timestamptz;
