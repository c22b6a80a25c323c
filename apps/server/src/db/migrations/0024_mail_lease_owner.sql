-- The mail worker's lease names its claim (issue 14, found by the fault test under load): a worker
-- whose claim or batch ended in a database error does not know which of its rows are still
-- leased — the claim may have committed although its answer was lost in a restart or freeze.
-- With the claim's token on the rows it hands exactly those back as soon as the database answers
-- again, instead of every other worker waiting out the two-minute lease.
ALTER TABLE mail_outbox ADD COLUMN locked_by text;
