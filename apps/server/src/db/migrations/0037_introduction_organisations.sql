-- Issue 31 (decision 0031), the introductions step: an introduction and its claim belong to the agency
-- (the party that signed the terms), and it is made to the company that owns the advertisement. The
-- claim rules (first claim, 'nachrangig', revival, circumvention) compare agencies, not consultants:
-- a colleague's earlier introduction is the agency's own claim. consultant_id and company_id keep
-- naming one person per side — the handler, to whom notices go and whom a hand-over changes — and
-- introduced_by_member_id the member who introduced (it never changes).
ALTER TABLE introductions
  ADD COLUMN agency_organisation_id integer REFERENCES organisations(id) ON DELETE SET NULL,
  ADD COLUMN company_organisation_id integer REFERENCES organisations(id) ON DELETE SET NULL,
  -- Checked at commit, as jobs' member references (0035): deleting an account deletes its memberships
  -- and sets consultant_id null in the same statement.
  ADD COLUMN introduced_by_member_id integer
    REFERENCES organisation_members(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

-- The lists of each side, and the claim checks by agency. Before the backfill: an index cannot be
-- built on a table with pending (deferred) trigger events.
CREATE INDEX introductions_agency_idx ON introductions (agency_organisation_id, introduced_at DESC);
CREATE INDEX introductions_company_organisation_idx ON introductions (company_organisation_id, introduced_at DESC);
CREATE INDEX introductions_unseen_idx ON introductions (company_organisation_id) WHERE seen_by_company_at IS NULL;

-- The organisations of the introduction's conversation (0036) ...
UPDATE introductions i
SET agency_organisation_id = c.agency_organisation_id, company_organisation_id = c.company_organisation_id
FROM chat_communications c WHERE c.id = i.conversation_id;

-- ... else the advertisement's company (0035) and the consultant's agency as 0036 picked it.
UPDATE introductions i SET company_organisation_id = j.organisation_id
FROM jobs j WHERE i.company_organisation_id IS NULL AND j.id = i.job_id;

UPDATE introductions i
SET agency_organisation_id = pick.organisation_id
FROM (
  SELECT DISTINCT ON (m.user_id) m.user_id, m.organisation_id
  FROM organisation_members m
  JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'agency'
  ORDER BY m.user_id, m.left_at IS NULL DESC, m.last_active_at DESC NULLS LAST, m.id
) pick
WHERE i.agency_organisation_id IS NULL AND pick.user_id = i.consultant_id;

UPDATE introductions i
SET company_organisation_id = pick.organisation_id
FROM (
  SELECT DISTINCT ON (m.user_id) m.user_id, m.organisation_id
  FROM organisation_members m
  JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'company'
  ORDER BY m.user_id, m.left_at IS NULL DESC, m.last_active_at DESC NULLS LAST, m.id
) pick
WHERE i.company_organisation_id IS NULL AND pick.user_id = i.company_id;

-- The introducing member: the consultant's membership in that agency.
UPDATE introductions i SET introduced_by_member_id = m.id
FROM organisation_members m
WHERE m.user_id = i.consultant_id AND m.organisation_id = i.agency_organisation_id;

SET CONSTRAINTS ALL IMMEDIATE;
