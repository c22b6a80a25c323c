-- Issue 28 (3): reverse charge only for a customer established in another EU state — a foreign
-- UID and an address in that state. The report and the invoice record the address's country,
-- and the invoice how its UID was checked (the syntax today; room for a qualified confirmation
-- with its date and reference). Rows from before stay NULL: their country was never asked.
ALTER TABLE placement_reports ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');

ALTER TABLE invoices
  ADD COLUMN customer_country text CHECK (customer_country ~ '^[A-Z]{2}$'),
  ADD COLUMN uid_check_method text CHECK (uid_check_method IN ('syntax', 'qualified')),
  ADD COLUMN uid_checked_at timestamptz,
  ADD COLUMN uid_check_reference text CHECK (char_length(uid_check_reference) <= 200);
