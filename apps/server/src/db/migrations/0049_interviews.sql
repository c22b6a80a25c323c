-- Issue 35: interviews of an introduction. The company proposes 1–5 times, the consultant or the
-- candidate (by a mailed link) picks one, everyone gets a calendar invitation; after it the
-- company's feedback is due within 2 working days. Each step is also a register entry.
CREATE TABLE interviews (
  id serial PRIMARY KEY,
  introduction_id integer NOT NULL REFERENCES introductions (id),
  state text NOT NULL DEFAULT 'proposed' CHECK (state IN ('proposed', 'scheduled', 'cancelled')),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 15 AND 480),
  mode text NOT NULL CHECK (mode IN ('vor_ort', 'video', 'telefon')),
  location text NOT NULL CHECK (char_length(location) BETWEEN 1 AND 300),
  note text CHECK (note IS NULL OR char_length(note) <= 1000),
  proposed_by integer,
  proposed_at timestamptz(3) NOT NULL,
  chosen_slot_id integer,
  chosen_by text CHECK (chosen_by IN ('consultant', 'candidate')),
  scheduled_at timestamptz(3),
  cancelled_at timestamptz(3),
  cancelled_by text CHECK (cancelled_by IN ('company', 'agency', 'candidate')),
  cancel_reason text CHECK (cancel_reason IS NULL OR char_length(cancel_reason) <= 1000),
  -- iCalendar: one UID per interview, SEQUENCE raised by every update or cancellation.
  calendar_uid text NOT NULL UNIQUE,
  calendar_sequence integer NOT NULL DEFAULT 0,
  -- The candidate's link to pick a time (derived from the nonce like the consent link; the hash is looked up).
  candidate_nonce text,
  candidate_token_hash text UNIQUE,
  candidate_link_sent_at timestamptz(3),
  reminded_at timestamptz(3),
  feedback_requested_at timestamptz(3),
  feedback_reminded_at timestamptz(3),
  feedback_at timestamptz(3),
  feedback_outcome text CHECK (feedback_outcome IN ('weiteres_gespraech', 'angebot', 'abgesagt')),
  feedback_reason text CHECK (feedback_reason IN
    ('qualifikation', 'gehalt', 'kulturelle_passung', 'stelle_besetzt', 'kandidat_abgesprungen', 'sonstiges')),
  feedback_note text CHECK (feedback_note IS NULL OR char_length(feedback_note) <= 1000),
  feedback_by integer,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (state <> 'scheduled' OR chosen_slot_id IS NOT NULL),
  CHECK ((state = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK ((feedback_at IS NULL) = (feedback_outcome IS NULL))
);
-- At most one interview of an introduction waits for a time or takes place.
CREATE UNIQUE INDEX interviews_one_open ON interviews (introduction_id)
  WHERE state = 'proposed' OR (state = 'scheduled' AND feedback_at IS NULL);
CREATE INDEX interviews_introduction ON interviews (introduction_id, id);

CREATE TABLE interview_slots (
  id serial PRIMARY KEY,
  interview_id integer NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  starts_at timestamptz(3) NOT NULL,
  UNIQUE (interview_id, starts_at)
);
ALTER TABLE interviews ADD CONSTRAINT interviews_chosen_slot FOREIGN KEY (chosen_slot_id) REFERENCES interview_slots (id);
-- The hourly run: reminders before, feedback after.
CREATE INDEX interview_slots_starts ON interview_slots (starts_at);

-- A calendar invitation travels with its mail (text/calendar, METHOD REQUEST or CANCEL).
ALTER TABLE mail_outbox ADD COLUMN calendar jsonb;

-- A rejection's reason from the fixed catalogue (the interview's feedback or the company's stage change).
ALTER TABLE introductions ADD COLUMN rejection_reason text CHECK (rejection_reason IN
  ('qualifikation', 'gehalt', 'kulturelle_passung', 'stelle_besetzt', 'kandidat_abgesprungen', 'sonstiges'));
