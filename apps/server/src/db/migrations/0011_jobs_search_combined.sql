-- One trigram index for the browser's text search instead of six: the six search fields
-- (jobTitle, assignment, benefits, location, requirements, salary) joined with U+001F.
-- Search text never contains U+001F (the query parser rejects control characters), so
-- "search_text ILIKE '%t%'" matches exactly when one of the fields contains t. With six
-- indexes PostgreSQL's cost model preferred a sequential scan evaluating six ILIKEs per
-- row; one index and one ILIKE keep the plan on the index (see docs/benchmarks.md).
ALTER TABLE jobs
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    job_title || E'\x1f' || jobs_list_text(assignment) || E'\x1f' || jobs_list_text(benefits) || E'\x1f' ||
    street || E'\x1f' || postcode || E'\x1f' || city || E'\x1f' || jobs_list_text(requirements) || E'\x1f' || salary
  ) STORED;

CREATE INDEX jobs_search_text_trgm ON jobs USING gin (search_text gin_trgm_ops);

DROP INDEX jobs_job_title_trgm;
DROP INDEX jobs_salary_trgm;
DROP INDEX jobs_assignment_trgm;
DROP INDEX jobs_requirements_trgm;
DROP INDEX jobs_benefits_trgm;
DROP INDEX jobs_location_trgm;
