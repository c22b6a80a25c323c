-- Issue 36: trust from data. What the register and the chat say about each introduction is kept
-- as facts once (introduction_trust_facts, filled and brought forward by the scheduled trust run);
-- the organisations' figures are computed from the facts by that run, once across instances, and
-- stored (organisation_trust, member_track_records) — pages read them, never recompute them.
-- docs/trust.md defines each figure.

-- One row per introduction whose identity reached the company (the response clock starts then).
CREATE TABLE introduction_trust_facts (
  introduction_id integer PRIMARY KEY REFERENCES introductions (id),
  company_organisation_id integer,
  agency_organisation_id integer,
  introduced_by_member_id integer,
  job_id integer,
  introduced_at timestamptz(3) NOT NULL,
  -- When the company could see who it is: the identity's release (the introduction itself before 0048).
  clock_start_at timestamptz(3) NOT NULL,
  -- Where ANSWER_WORKING_DAYS and STALE_WORKING_DAYS of office hours after the clock start end.
  answer_due_at timestamptz(3) NOT NULL,
  stale_at timestamptz(3) NOT NULL,
  -- The company's first reaction (a status, 'bereits bekannt', an interview proposal, a chat message) and
  -- the office minutes from the clock start to it (0 when it reacted before the release).
  first_reaction_at timestamptz(3),
  response_minutes integer CHECK (response_minutes IS NULL OR response_minutes >= 0),
  -- Office minutes from the advertisement's publication to this introduction (the agency's speed).
  minutes_since_publication integer CHECK (minutes_since_publication IS NULL OR minutes_since_publication >= 0),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((first_reaction_at IS NULL) = (response_minutes IS NULL))
);
CREATE INDEX introduction_trust_facts_company ON introduction_trust_facts (company_organisation_id, clock_start_at);
CREATE INDEX introduction_trust_facts_agency ON introduction_trust_facts (agency_organisation_id, clock_start_at);
-- The run looks again only at introductions the company has not reacted to yet.
CREATE INDEX introduction_trust_facts_unanswered ON introduction_trust_facts (introduction_id)
  WHERE first_reaction_at IS NULL;

-- Each organisation's figures as the last run computed them, and its ratings' averages (kept by
-- the rating commands). response_minutes is also copied onto its advertisements for the browser.
CREATE TABLE organisation_trust (
  organisation_id integer PRIMARY KEY REFERENCES organisations (id),
  company_figures jsonb,
  agency_figures jsonb,
  response_minutes integer,
  computed_at timestamptz(3),
  ratings_count integer NOT NULL DEFAULT 0,
  rating_communication numeric(3, 2),
  rating_quality numeric(3, 2),
  rating_speed numeric(3, 2)
);

CREATE TABLE member_track_records (
  organisation_id integer NOT NULL REFERENCES organisations (id),
  user_id integer NOT NULL,
  figures jsonb NOT NULL,
  computed_at timestamptz(3) NOT NULL,
  PRIMARY KEY (organisation_id, user_id)
);

-- An agency chooses to show its track record on its public profile.
ALTER TABLE organisations ADD COLUMN track_record_public boolean NOT NULL DEFAULT false;

-- The browser sorts and filters by the company's median reaction (null: too little data; last).
ALTER TABLE jobs ADD COLUMN company_response_minutes integer;
CREATE INDEX jobs_company_response ON jobs (company_response_minutes, id DESC) WHERE published_at IS NOT NULL;
ALTER TABLE saved_searches ADD COLUMN responds_within_days smallint CHECK (responds_within_days IN (1, 2, 5));

-- Ratings: one per introduction and side; scores count at once, texts after the office approved them.
CREATE TABLE ratings (
  id serial PRIMARY KEY,
  introduction_id integer NOT NULL REFERENCES introductions (id),
  side text NOT NULL CHECK (side IN ('company', 'agency')),
  rater_organisation_id integer NOT NULL REFERENCES organisations (id),
  rater_user_id integer,
  rater_name text NOT NULL,
  rated_organisation_id integer NOT NULL REFERENCES organisations (id),
  communication smallint NOT NULL CHECK (communication BETWEEN 1 AND 5),
  quality smallint NOT NULL CHECK (quality BETWEEN 1 AND 5),
  speed smallint NOT NULL CHECK (speed BETWEEN 1 AND 5),
  comment text CHECK (comment IS NULL OR char_length(comment) BETWEEN 1 AND 1000),
  comment_state text CHECK (comment_state IN ('pending', 'approved', 'rejected')),
  comment_rejection_reason text,
  comment_moderated_at timestamptz(3),
  comment_moderated_by integer,
  reply text CHECK (reply IS NULL OR char_length(reply) BETWEEN 1 AND 1000),
  reply_state text CHECK (reply_state IN ('pending', 'approved', 'rejected')),
  reply_rejection_reason text,
  reply_by integer,
  reply_at timestamptz(3),
  reply_moderated_at timestamptz(3),
  reply_moderated_by integer,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (introduction_id, side),
  CHECK ((comment IS NULL) = (comment_state IS NULL)),
  CHECK ((reply IS NULL) = (reply_state IS NULL))
);
CREATE INDEX ratings_rated ON ratings (rated_organisation_id, created_at DESC);
CREATE INDEX ratings_waiting ON ratings (id) WHERE comment_state = 'pending' OR reply_state = 'pending';
