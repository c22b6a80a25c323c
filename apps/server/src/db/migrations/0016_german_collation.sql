-- Names people read in lists sort in German order ('Gänserndorf' before 'Gmünd' before
-- 'Gmunden'), in the database so that paged lists stay right. "und-x-icu" is ICU's root
-- collation: for German it is the same as "de" (DIN 5007-1: ä = a, ö = o, ü = u, ß = ss)
-- and, unlike "de-AT-x-icu", it exists on PGlite too (built with a minimal ICU). It is
-- deterministic, so equality, unique indexes and LIKE/ILIKE keep working as before.
ALTER TABLE districts ALTER COLUMN name TYPE text COLLATE "und-x-icu";
ALTER TABLE users ALTER COLUMN username TYPE text COLLATE "und-x-icu";
ALTER TABLE placement_reports ALTER COLUMN company_name TYPE text COLLATE "und-x-icu";
ALTER TABLE placement_reports ALTER COLUMN recruiter TYPE text COLLATE "und-x-icu";
ALTER TABLE placement_reports ALTER COLUMN contact_person TYPE text COLLATE "und-x-icu";
