-- Issue 31 (decision 0031), the conversations step: a conversation is between an agency and a company
-- about one advertisement. Every entitled member of either organisation sees it; consultant_id and
-- company_id keep naming one person per side — the assignee, to whom notices go and whom a hand-over
-- changes. Unread is per person: a member has unread messages when the other side wrote after the
-- member last read (chat_reads). unread_message_p1/p2 stay the assignees' flags (API filters).
ALTER TABLE chat_communications
  ADD COLUMN agency_organisation_id integer REFERENCES organisations(id) ON DELETE SET NULL,
  ADD COLUMN company_organisation_id integer REFERENCES organisations(id) ON DELETE SET NULL,
  -- When each side wrote last (a new conversation counts as written by the agency, as p2 defaults to unread).
  ADD COLUMN last_agency_message_at timestamptz(3),
  ADD COLUMN last_company_message_at timestamptz(3);

CREATE TABLE chat_reads (
  chat_id integer NOT NULL REFERENCES chat_communications(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz(3) NOT NULL,
  PRIMARY KEY (chat_id, user_id)
);

-- One conversation per agency and advertisement (a freelancer in two agencies has two): the pair
-- index of 0001 (advertisement, consultant) gives way; creation is serialised by an advisory lock
-- per advertisement and agency (chat/commands.ts ensureConversation).
DROP INDEX chat_communications_pair_unique;
CREATE INDEX chat_communications_agency_job_idx ON chat_communications (job_id, agency_organisation_id, id);
CREATE INDEX chat_communications_agency_idx
  ON chat_communications (agency_organisation_id, last_message_timestamp DESC);
CREATE INDEX chat_communications_company_organisation_idx
  ON chat_communications (company_organisation_id, last_message_timestamp DESC);

-- The agency of the consultant (after 0034: the consultant's organisation of one), the company that
-- owns the advertisement (0035), or the company account's own organisation when it has none.
UPDATE chat_communications c
SET agency_organisation_id = pick.organisation_id
FROM (
  SELECT DISTINCT ON (m.user_id) m.user_id, m.organisation_id
  FROM organisation_members m
  JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'agency'
  ORDER BY m.user_id, m.left_at IS NULL DESC, m.last_active_at DESC NULLS LAST, m.id
) pick
WHERE pick.user_id = c.consultant_id;

UPDATE chat_communications c SET company_organisation_id = j.organisation_id
FROM jobs j WHERE j.id = c.job_id AND j.organisation_id IS NOT NULL;

UPDATE chat_communications c
SET company_organisation_id = pick.organisation_id
FROM (
  SELECT DISTINCT ON (m.user_id) m.user_id, m.organisation_id
  FROM organisation_members m
  JOIN organisations o ON o.id = m.organisation_id AND o.kind = 'company'
  ORDER BY m.user_id, m.left_at IS NULL DESC, m.last_active_at DESC NULLS LAST, m.id
) pick
WHERE c.company_organisation_id IS NULL AND pick.user_id = c.company_id;

-- When each side wrote last; a side whose assignee has an unread flag set counts as written to at
-- the last message (so that the assignee's unread state is the same before and after).
UPDATE chat_communications c SET
  last_agency_message_at = greatest(
    (SELECT max(m.created_at) FROM chat_messages m WHERE m.chat_id = c.id AND m.sender_id = c.consultant_id),
    CASE WHEN c.unread_message_p2 THEN c.last_message_timestamp END),
  last_company_message_at = greatest(
    (SELECT max(m.created_at) FROM chat_messages m WHERE m.chat_id = c.id AND m.sender_id = c.company_id),
    CASE WHEN c.unread_message_p1 THEN c.last_message_timestamp END);

-- The assignees have read what their flag says they read.
INSERT INTO chat_reads (chat_id, user_id, read_at)
SELECT id, consultant_id, last_message_timestamp FROM chat_communications
WHERE consultant_id IS NOT NULL AND NOT unread_message_p1
UNION ALL
SELECT id, company_id, last_message_timestamp FROM chat_communications
WHERE company_id IS NOT NULL AND NOT unread_message_p2 AND company_id IS DISTINCT FROM consultant_id;
