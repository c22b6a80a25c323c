-- Issue 31 (decision 0031), the money step: a placement report is about the company that owns the
-- advertisement and, where an agency placed, that agency; its invoices and guarantee claims are the
-- company's through the report (invoices are immutable, § 132 BAO: they get no column). reporter_id / company_id keep naming persons (who reported; the contact to whom notices
-- go); reported_by_member_id records the membership the report was made in.
ALTER TABLE placement_reports
  ADD COLUMN company_organisation_id integer REFERENCES organisations(id) ON DELETE SET NULL,
  ADD COLUMN agency_organisation_id integer REFERENCES organisations(id) ON DELETE SET NULL,
  -- Checked at commit, as the other member references (0035, 0037): deleting an account deletes its
  -- memberships and sets reporter_id null in the same statement.
  ADD COLUMN reported_by_member_id integer
    REFERENCES organisation_members(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

-- The company's money pages and the agency's earnings read by organisation. Before the backfill: an
-- index cannot be built on a table with pending (deferred) trigger events.
CREATE INDEX placement_reports_company_organisation_idx ON placement_reports (company_organisation_id, created_at DESC);
CREATE INDEX placement_reports_agency_organisation_idx ON placement_reports (agency_organisation_id, created_at DESC);

-- The company: the advertisement's (0035), else the company account's own organisation.
UPDATE placement_reports r SET company_organisation_id = j.organisation_id
FROM jobs j WHERE j.id = r.job_id AND j.organisation_id IS NOT NULL;

UPDATE placement_reports r
SET company_organisation_id = pick.organisation_id
FROM (
  SELECT DISTINCT ON (m.user_id) m.user_id, m.organisation_id
  FROM organisation_members m
  JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'company'
  ORDER BY m.user_id, m.left_at IS NULL DESC, m.last_active_at DESC NULLS LAST, m.id
) pick
WHERE r.company_organisation_id IS NULL AND pick.user_id = r.company_id;

-- The agency: the named introduction's (0037) ...
UPDATE placement_reports r SET agency_organisation_id = i.agency_organisation_id
FROM introductions i WHERE i.id = r.introduction_id;

-- ... else the reporting consultant's, or for a company's report the consultant account its recruiter
-- e-mail names (the rule 'Meine Vermittlungen' used), as 0036 picked agencies.
WITH agency_of AS (
  SELECT DISTINCT ON (m.user_id) m.user_id, m.organisation_id
  FROM organisation_members m
  JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'agency'
  ORDER BY m.user_id, m.left_at IS NULL DESC, m.last_active_at DESC NULLS LAST, m.id
)
UPDATE placement_reports r SET agency_organisation_id = a.organisation_id
FROM agency_of a
WHERE r.agency_organisation_id IS NULL AND (
  (r.variant = 'consultant' AND a.user_id = r.reporter_id)
  OR (r.variant = 'company' AND a.user_id = (
        SELECT u.id FROM users u WHERE u.role = 'consultant' AND lower(u.email) = lower(r.recruiter_mail)
        ORDER BY u.id LIMIT 1)));

-- The reporter's membership on the side they reported for.
UPDATE placement_reports r SET reported_by_member_id = m.id
FROM organisation_members m
WHERE m.user_id = r.reporter_id
  AND m.organisation_id = CASE WHEN r.variant = 'company' THEN r.company_organisation_id ELSE r.agency_organisation_id END;

SET CONSTRAINTS ALL IMMEDIATE;
