-- Issue 13: saved searches, watched advertisements, the notification centre.

-- The annual gross range the salary text states (billing.ts parseAnnualSalary), kept on write;
-- salary_parsed = false: not parsed yet (rows from before, filled at start).
ALTER TABLE jobs
  ADD COLUMN salary_min_cents bigint,
  ADD COLUMN salary_max_cents bigint,
  ADD COLUMN salary_parsed boolean NOT NULL DEFAULT false;
CREATE INDEX jobs_salary_unparsed ON jobs (id) WHERE NOT salary_parsed;

CREATE TABLE saved_searches (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  filters jsonb NOT NULL,
  -- The filters again as columns, so one statement matches an advertisement against every search.
  q_pattern text,
  district_ids integer[],
  states text[],
  min_bonus numeric(5, 2),
  min_bonus_cents bigint,
  working_time text,
  frequency text NOT NULL CHECK (frequency IN ('sofort', 'taeglich')),
  paused boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_user ON saved_searches (user_id);

-- Every advertisement a search has matched, once: the high-water record that keeps a search from
-- announcing the same advertisement twice (also after a reactivation or a restart).
CREATE TABLE saved_search_matches (
  search_id integer NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  job_id integer NOT NULL,
  matched_at timestamptz(3) NOT NULL DEFAULT now(),
  notified_at timestamptz(3),
  PRIMARY KEY (search_id, job_id)
);
CREATE INDEX saved_search_matches_pending ON saved_search_matches (search_id) WHERE notified_at IS NULL;

CREATE TABLE job_watches (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, job_id)
);
CREATE INDEX job_watches_job ON job_watches (job_id);

-- What happened to advertisements, written by triggers in the changing transaction whatever code
-- path changed them; the alert worker takes each event exactly once (FOR UPDATE SKIP LOCKED).
CREATE TABLE alert_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('published', 'deactivated', 'bonus_rise')),
  job_id integer NOT NULL,
  old_bonus numeric(5, 2),
  new_bonus numeric(5, 2),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE FUNCTION jobs_alert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.published_at IS NULL) THEN
    INSERT INTO alert_events (kind, job_id) VALUES ('published', NEW.id);
  ELSIF TG_OP = 'UPDATE' AND NEW.published_at IS NULL AND OLD.published_at IS NOT NULL THEN
    INSERT INTO alert_events (kind, job_id) VALUES ('deactivated', NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER jobs_alert_events AFTER INSERT OR UPDATE OF published_at ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_alert_events();

CREATE FUNCTION bonus_alert_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous numeric(5, 2);
BEGIN
  SELECT bonus INTO previous FROM placement_bonuses
    WHERE job_id = NEW.job_id AND id <> NEW.id
    ORDER BY created_at DESC, id DESC LIMIT 1;
  IF previous IS NOT NULL AND NEW.bonus > previous THEN
    INSERT INTO alert_events (kind, job_id, old_bonus, new_bonus) VALUES ('bonus_rise', NEW.job_id, previous, NEW.bonus);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bonus_alert_events AFTER INSERT ON placement_bonuses
  FOR EACH ROW EXECUTE FUNCTION bonus_alert_events();

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('search_match', 'bonus_rise', 'job_deactivated', 'chat_message', 'introduction', 'guarantee')),
  title text NOT NULL,
  body text NOT NULL,
  link text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  read_at timestamptz(3),
  -- true while the entry still has to go out by mail (batched per user and kind)
  mail_due boolean NOT NULL DEFAULT false,
  mailed_at timestamptz(3)
);
CREATE INDEX notifications_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_mail_due ON notifications (user_id, kind) WHERE mail_due;

CREATE TABLE notification_settings (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('app', 'app_mail')),
  PRIMARY KEY (user_id, kind)
);

-- The last notification mail per user and kind: at most one per 10 minutes.
CREATE TABLE notification_mail_log (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  last_mailed_at timestamptz(3) NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) for notification mails.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;
