-- One text search parameter (docs/decisions/0017-one-search-parameter.md): GET /api/jobs?q=t is
-- answered from search_lower (0012) with its trigram index. The per-field generated columns of
-- 0010 have had no index since 0011 and only served the per-field filters
-- (filters[assignment|requirements|benefits|location][$containsi]); those now evaluate the same
-- expressions at query time (modules/jobs/repository.ts), so the stored copies are dropped.
-- jobs_list_text stays: search_lower and the per-field filters use it.
ALTER TABLE jobs
  DROP COLUMN assignment_text,
  DROP COLUMN requirements_text,
  DROP COLUMN benefits_text,
  DROP COLUMN location_text;
