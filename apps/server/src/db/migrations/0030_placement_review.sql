-- Issue 28 (2, 6): a placement report records the hired person's fingerprints (never the clear
-- contact; deleted by retention after 12 months like the introductions'), why it needs the back
-- office's decision before it is invoiced, and that decision. A report the review discards is
-- 'verworfen'.
ALTER TABLE placement_reports
  ADD COLUMN hired_email_fingerprint text,
  ADD COLUMN hired_phone_fingerprint text,
  ADD COLUMN hired_fingerprints_deleted_at timestamptz,
  ADD COLUMN review_flags jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN reviewed_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN review_decision text CHECK (review_decision IN ('freigegeben', 'verworfen')),
  ADD COLUMN review_note text CHECK (char_length(review_note) <= 2000);

ALTER TABLE placement_reports DROP CONSTRAINT IF EXISTS placement_reports_status_check;
ALTER TABLE placement_reports ADD CONSTRAINT placement_reports_status_check
  CHECK (status IN ('gemeldet', 'verrechnet', 'bezahlt', 'garantiefall', 'verworfen'));

-- Matching a later report's hired person, and a consultant's objected reports.
CREATE INDEX placement_reports_hired_email_idx ON placement_reports (hired_email_fingerprint)
  WHERE hired_email_fingerprint IS NOT NULL;
CREATE INDEX placement_reports_hired_phone_idx ON placement_reports (hired_phone_fingerprint)
  WHERE hired_phone_fingerprint IS NOT NULL;
CREATE INDEX placement_reports_reporter_idx ON placement_reports (reporter_id, job_id);
