-- Issue 31 (decision 0031), the advertisements step: an advertisement belongs to the company
-- organisation; the member who published it and the member who last changed it are recorded.
-- owner_id keeps its meaning (the company's contact person: the member who published it, or the
-- account the office wrote it for) while conversations, introductions and placements still address
-- a person; they move to organisations in their own migrations.
-- The member references are checked at commit: deleting an account deletes its memberships and
-- sets owner_id null in the same statement, and an immediate check of the other cascade's row
-- would refuse the deletion.
ALTER TABLE jobs
  ADD COLUMN organisation_id integer REFERENCES organisations(id) ON DELETE SET NULL,
  ADD COLUMN created_by_member_id integer
    REFERENCES organisation_members(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
  ADD COLUMN updated_by_member_id integer
    REFERENCES organisation_members(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

-- The company's own list ('Meine Inserate') and the owner check read by organisation. Created before
-- the backfill: an index cannot be built on a table with pending (deferred) trigger events.
CREATE INDEX jobs_organisation_idx ON jobs (organisation_id, created_at DESC, id DESC);

-- The company organisation of the publishing person. After 0034 every company account has exactly
-- one company membership (administrator of its organisation of one); a person who since joined more
-- than one counts for the one chosen last.
UPDATE jobs j
SET organisation_id = pick.organisation_id, created_by_member_id = pick.id
FROM (
  SELECT DISTINCT ON (m.user_id) m.user_id, m.id, m.organisation_id
  FROM organisation_members m
  JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'company'
  ORDER BY m.user_id, m.left_at IS NULL DESC, m.last_active_at DESC NULLS LAST, m.id
) pick
WHERE pick.user_id = j.owner_id;

-- Fire the deferred checks and list-version triggers now, so that later statements of the same
-- migration run may alter jobs again.
SET CONSTRAINTS ALL IMMEDIATE;
