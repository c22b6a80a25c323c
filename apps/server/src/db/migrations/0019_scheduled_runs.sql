-- Scheduled work that must run once per period across all instances (lib/scheduler.ts):
-- one row per job and period, claimed by the instance that inserts it (or takes over an
-- expired lease of a crashed one, or retries a failed run).
CREATE TABLE scheduled_runs (
  job text NOT NULL CHECK (char_length(job) BETWEEN 1 AND 100),
  period text NOT NULL CHECK (char_length(period) BETWEEN 1 AND 100),
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  instance text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  claimed_at timestamptz(3) NOT NULL DEFAULT now(),
  lease_until timestamptz(3) NOT NULL,
  finished_at timestamptz(3),
  error text,
  PRIMARY KEY (job, period)
);
