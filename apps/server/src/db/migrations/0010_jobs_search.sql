-- Advertisement search (spec §5 "Search"): case-insensitive "contains" over jobTitle,
-- assignment, benefits, location, requirements and salary, backed by pg_trgm GIN indexes.
-- Lists are jsonb arrays: their entries are joined with the unit separator U+001F, which
-- search text can never contain (the query parser rejects control characters), so a
-- match can neither span two entries nor hit JSON syntax (quotes, backslash escapes).
CREATE OR REPLACE FUNCTION jobs_list_text(items jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(ARRAY(SELECT jsonb_array_elements_text(items)), E'\x1f'), '') $$;

ALTER TABLE jobs
  ADD COLUMN assignment_text text GENERATED ALWAYS AS (jobs_list_text(assignment)) STORED,
  ADD COLUMN requirements_text text GENERATED ALWAYS AS (jobs_list_text(requirements)) STORED,
  ADD COLUMN benefits_text text GENERATED ALWAYS AS (jobs_list_text(benefits)) STORED,
  ADD COLUMN location_text text GENERATED ALWAYS AS (street || E'\x1f' || postcode || E'\x1f' || city) STORED;

CREATE INDEX jobs_job_title_trgm ON jobs USING gin (job_title gin_trgm_ops);
CREATE INDEX jobs_salary_trgm ON jobs USING gin (salary gin_trgm_ops);
CREATE INDEX jobs_assignment_trgm ON jobs USING gin (assignment_text gin_trgm_ops);
CREATE INDEX jobs_requirements_trgm ON jobs USING gin (requirements_text gin_trgm_ops);
CREATE INDEX jobs_benefits_trgm ON jobs USING gin (benefits_text gin_trgm_ops);
CREATE INDEX jobs_location_trgm ON jobs USING gin (location_text gin_trgm_ops);

-- District filter + newest first.
CREATE INDEX jobs_district_created_idx ON jobs (district_id, created_at DESC, id DESC) WHERE published_at IS NOT NULL;
-- Owner's own list.
CREATE INDEX jobs_owner_published_idx ON jobs (owner_id, created_at DESC, id DESC) WHERE published_at IS NOT NULL;
CREATE INDEX placement_reports_job_idx ON placement_reports (job_id);
CREATE INDEX job_attachments_upload_idx ON job_attachments (upload_id);
