-- Issue 34: reminding a late payer. One notice per invoice and step ('Zahlungserinnerung',
-- '1. Mahnung', '2. Mahnung'); the unique key makes every run idempotent across instances and
-- restarts. A notice is a document as sent: its PDF is stored with it and never changed.

CREATE TABLE dunning_notices (
  id serial PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices (id),
  placement_report_id integer NOT NULL,
  level text NOT NULL CHECK (level IN ('zahlungserinnerung', 'mahnung1', 'mahnung2')),
  issued_on date NOT NULL,
  pay_by date NOT NULL,
  -- What the invoice still owed that day, and what this notice claims on top of it: default
  -- interest since the previous notice (or the due date) and, once, the § 458 UGB flat fee.
  open_cents bigint NOT NULL CHECK (open_cents > 0),
  interest_cents bigint NOT NULL DEFAULT 0 CHECK (interest_cents >= 0),
  flat_fee_cents bigint NOT NULL DEFAULT 0 CHECK (flat_fee_cents >= 0),
  interest_periods jsonb NOT NULL DEFAULT '[]',
  -- The amount the notice asks for (open, interest, fee and what earlier notices claimed and is open).
  total_cents bigint NOT NULL CHECK (total_cents >= open_cents),
  recipient text,
  pdf bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, level)
);
CREATE INDEX dunning_notices_report ON dunning_notices (placement_report_id);
CREATE TRIGGER dunning_notices_immutable BEFORE UPDATE OR DELETE ON dunning_notices
  FOR EACH ROW EXECUTE FUNCTION money_rows_immutable();

-- A payment goes to the invoice first; what it brings beyond, for an invoice it names, pays the
-- interest and fee its notices claimed ('mahnkosten'). Only 'rechnung' counts for settling.
ALTER TABLE payment_allocations
  ADD COLUMN purpose text NOT NULL DEFAULT 'rechnung' CHECK (purpose IN ('rechnung', 'mahnkosten'));

-- The reminder mail carries its PDF: the worker attaches the notice named here.
ALTER TABLE mail_outbox ADD COLUMN dunning_notice_id integer;
