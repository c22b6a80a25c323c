-- Issue 33: which advertisements each committed write changed, so a list cache patches what a
-- write changed instead of dropping everything (modules/jobs/list-cache.ts, decision 0032).
-- One row per advertisement and version; job_id 0 means "every advertisement" (TRUNCATE).
CREATE TABLE job_list_changes (
  version bigint NOT NULL,
  job_id integer NOT NULL,
  PRIMARY KEY (version, job_id)
);

-- The list's version is still raised once per writing transaction at its commit (0022); the same
-- deferred trigger now also records each changed row under that version. Commits take the version
-- row's lock in turn, so once a version is visible every change up to it is too.
CREATE OR REPLACE FUNCTION jobs_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised text := current_setting('pb.jobs_version_raised', true);
  tx text := txid_current()::text;
  v bigint;
  changed integer := 0;
BEGIN
  IF raised IS NULL OR raised = '' OR split_part(raised, ':', 1) <> tx THEN
    UPDATE list_versions SET version = version + 1 WHERE name = 'jobs' RETURNING version INTO v;
    PERFORM set_config('pb.jobs_version_raised', tx || ':' || v, true);
    -- Caches patch from the last 10,000 versions; one older than that computes its list again.
    IF v % 1000 = 0 THEN
      DELETE FROM job_list_changes WHERE version <= v - 10000;
    END IF;
  ELSE
    v := split_part(raised, ':', 2)::bigint;
  END IF;
  IF TG_LEVEL = 'ROW' THEN
    IF TG_OP = 'DELETE' THEN
      changed := OLD.id;
    ELSE
      changed := NEW.id;
    END IF;
  END IF;
  INSERT INTO job_list_changes (version, job_id) VALUES (v, changed) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
