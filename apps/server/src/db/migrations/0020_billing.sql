-- Issue 12: the money after a placement.

-- § 9 (2) GlBG: the advertisement names the KV minimum (cents per month), whether the
-- employer will overpay, and how many salaries a year (14 in Austria).
ALTER TABLE jobs
  ADD COLUMN kv_minimum_cents integer CHECK (kv_minimum_cents BETWEEN 0 AND 10000000),
  ADD COLUMN overpayment boolean,
  ADD COLUMN yearly_payments smallint NOT NULL DEFAULT 14 CHECK (yearly_payments BETWEEN 12 AND 15);

-- Gap-free invoice numbers per calendar year: the row is incremented in the issuing
-- transaction, so concurrent issuers queue on its row lock and a rollback returns the number.
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  last_sequence integer NOT NULL CHECK (last_sequence >= 1)
);

-- Issued invoices and correction invoices (§ 11 UStG). Kept 7 years (§ 132 BAO): no foreign
-- key to users or placement_reports, so deleting an account or a report never touches them;
-- the customer's data is copied in. Immutable: the trigger below refuses UPDATE and DELETE.
CREATE TABLE invoices (
  id serial PRIMARY KEY,
  year integer NOT NULL,
  sequence integer NOT NULL,
  number text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('rechnung', 'korrektur')),
  placement_report_id integer NOT NULL,
  corrects_invoice_id integer REFERENCES invoices (id),
  company_id integer,
  consultant_id integer,
  customer_name text NOT NULL,
  customer_address text NOT NULL,
  customer_uid text NOT NULL,
  job_title text NOT NULL,
  description text NOT NULL,
  placement_date date NOT NULL,
  net_cents bigint NOT NULL,
  vat_cents bigint NOT NULL,
  gross_cents bigint NOT NULL CHECK (gross_cents = net_cents + vat_cents),
  reverse_charge boolean NOT NULL,
  issued_on date NOT NULL,
  due_on date NOT NULL,
  issuer jsonb NOT NULL,
  pdf bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (year, sequence),
  CHECK ((kind = 'korrektur') = (corrects_invoice_id IS NOT NULL))
);
CREATE INDEX invoices_company ON invoices (company_id, id DESC);
-- A report's invoices in order: the newest 'rechnung' is the one in force (a corrected amount
-- cancels the earlier one with a Storno-/Korrekturrechnung and issues a new one).
CREATE INDEX invoices_report ON invoices (placement_report_id, id);
CREATE INDEX invoices_consultant ON invoices (consultant_id);

CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are immutable (§ 132 BAO): % refused', TG_OP;
END;
$$;
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_immutable();

-- A company's guarantee claim (spec §9): at most one open or accepted claim per placement.
CREATE TABLE guarantee_claims (
  id serial PRIMARY KEY,
  placement_report_id integer NOT NULL REFERENCES placement_reports (id) ON DELETE CASCADE,
  company_id integer,
  employment_start date NOT NULL,
  employment_end date NOT NULL CHECK (employment_end >= employment_start),
  ended_by text NOT NULL CHECK (ended_by IN ('arbeitgeber', 'arbeitnehmer', 'einvernehmlich', 'probezeit')),
  note text NOT NULL CHECK (char_length(note) BETWEEN 1 AND 2000),
  status text NOT NULL DEFAULT 'offen' CHECK (status IN ('offen', 'angenommen', 'abgelehnt')),
  reason text CHECK (char_length(reason) <= 2000),
  decided_at timestamptz(3),
  decided_by integer,
  refund_cents bigint,
  refund_due_on date,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX guarantee_claims_one_live ON guarantee_claims (placement_report_id) WHERE status <> 'abgelehnt';
CREATE INDEX guarantee_claims_open ON guarantee_claims (created_at DESC) WHERE status = 'offen';

-- The invoice mail carries its PDF: the worker attaches the invoice named here.
ALTER TABLE mail_outbox ADD COLUMN invoice_id integer;

-- Documents of a guarantee claim (termination letter …): uploads of the company, deleted by the
-- retention run 6 months after the decision (they name the employee).
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
  CHECK (purpose IN ('profile_image', 'chat_file', 'job_attachment', 'guarantee_document'));
CREATE TABLE guarantee_claim_documents (
  claim_id integer NOT NULL REFERENCES guarantee_claims (id) ON DELETE CASCADE,
  upload_id integer NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
  PRIMARY KEY (claim_id, upload_id)
);
CREATE INDEX guarantee_claim_documents_upload ON guarantee_claim_documents (upload_id);
