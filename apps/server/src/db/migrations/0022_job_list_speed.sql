-- Issue 14: the advertisement list near the database floor.

-- The active bonus (the newest record of the bonus history, spec §4) stored on the advertisement,
-- kept by a trigger in the same transaction as every change of the history: list queries read a
-- column instead of running a subquery per row.
ALTER TABLE jobs ADD COLUMN active_bonus numeric(5, 2);
UPDATE jobs j SET active_bonus = (
  SELECT pb.bonus FROM placement_bonuses pb WHERE pb.job_id = j.id ORDER BY pb.created_at DESC, pb.id DESC LIMIT 1
);

CREATE FUNCTION jobs_refresh_active_bonus(job integer) RETURNS void LANGUAGE sql AS $$
  UPDATE jobs j SET active_bonus = b.bonus
  FROM (SELECT (SELECT pb.bonus FROM placement_bonuses pb WHERE pb.job_id = job
                ORDER BY pb.created_at DESC, pb.id DESC LIMIT 1) AS bonus) b
  WHERE j.id = job AND j.active_bonus IS DISTINCT FROM b.bonus;
$$;

CREATE FUNCTION placement_bonuses_active_bonus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM jobs_refresh_active_bonus(OLD.job_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.job_id IS DISTINCT FROM OLD.job_id) THEN
    PERFORM jobs_refresh_active_bonus(NEW.job_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER placement_bonuses_active_bonus AFTER INSERT OR UPDATE OR DELETE ON placement_bonuses
  FOR EACH ROW EXECUTE FUNCTION placement_bonuses_active_bonus();

-- Serves 'newest first' with the text search: the list's filter reads search_lower from the
-- index (index-only scan) instead of fetching each wide row.
CREATE INDEX jobs_published_created_search_idx ON jobs (created_at DESC, id DESC) INCLUDE (search_lower)
  WHERE published_at IS NOT NULL;

-- The version of everything the advertisement list shows: raised once by every transaction that
-- writes jobs (the active bonus above included), at commit. The list caches (modules/jobs/list-cache.ts)
-- key on it, so no cached answer outlives a write — on every instance, with or without Redis.
-- Deferred to commit and taken last, the lock on the single row is held only while committing
-- (no deadlock with row locks taken earlier in the transaction).
CREATE TABLE list_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO list_versions (name, version) VALUES ('jobs', 1);

CREATE FUNCTION jobs_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, however many rows it wrote.
  IF current_setting('pb.jobs_version_raised', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE list_versions SET version = version + 1 WHERE name = 'jobs';
    PERFORM set_config('pb.jobs_version_raised', txid_current()::text, true);
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER jobs_list_version AFTER INSERT OR UPDATE OR DELETE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION jobs_list_version_bump();
CREATE TRIGGER jobs_list_version_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_list_version_bump();
