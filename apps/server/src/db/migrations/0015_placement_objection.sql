-- A company's objection to a consultant's placement report (docs/decisions/0015-placement-objection.md):
-- who objected, when and why; at most one per report. It flags the report for the back office.
ALTER TABLE placement_reports
  ADD COLUMN objected_at timestamptz(3),
  ADD COLUMN objected_by integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN objection_note text CHECK (objection_note IS NULL OR char_length(objection_note) BETWEEN 1 AND 2000);
CREATE INDEX placement_reports_objected_idx ON placement_reports (objected_at DESC) WHERE objected_at IS NOT NULL;
-- the company's own list of reports (the conversation check uses chat_communications_pair_unique)
CREATE INDEX placement_reports_company_idx ON placement_reports (company_id, created_at DESC);
