-- Issue 34: money that goes out. The agency's share is settled by a self-billing credit note
-- (Gutschrift, § 11 (7) UStG) in its own gap-free number series; guarantee refunds and the
-- agency's share become payout items; the office pays them in SEPA credit transfer batches
-- (pain.001.001.09) and marks each paid or failed. Kept 7 years (§ 132 BAO): no foreign key to
-- users, and issued rows are never changed.

-- Where an organisation's money goes, how an agency's service is taxed and its agreement to
-- self-billing (the platform issues the agency's invoice as a credit note).
CREATE TABLE organisation_payout_accounts (
  organisation_id integer PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  account_holder text NOT NULL CHECK (char_length(account_holder) BETWEEN 1 AND 70),
  iban text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  bic text CHECK (bic ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
  vat_status text NOT NULL DEFAULT 'regelbesteuert' CHECK (vat_status IN ('regelbesteuert', 'kleinunternehmer')),
  self_billing_agreed_at timestamptz(3),
  self_billing_agreed_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- The clause's wording as agreed (it may change; the agreement is to what was shown).
  self_billing_terms text,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((self_billing_agreed_at IS NULL) = (self_billing_terms IS NULL))
);

CREATE TABLE credit_note_counters (
  year integer PRIMARY KEY,
  last_sequence integer NOT NULL
);

-- The agency's share of one placement, as the platform settles it with the agency.
CREATE TABLE credit_notes (
  id serial PRIMARY KEY,
  year integer NOT NULL,
  sequence integer NOT NULL,
  number text NOT NULL UNIQUE,
  placement_report_id integer NOT NULL,
  agency_organisation_id integer,
  supplier_name text NOT NULL,
  supplier_address text NOT NULL,
  supplier_uid text,
  supplier_country text NOT NULL CHECK (supplier_country ~ '^[A-Z]{2}$'),
  vat_treatment text NOT NULL CHECK (vat_treatment IN ('ust', 'kleinunternehmer', 'reverse_charge')),
  job_title text NOT NULL,
  description text NOT NULL,
  placement_date date NOT NULL,
  net_cents bigint NOT NULL CHECK (net_cents > 0),
  vat_cents bigint NOT NULL CHECK (vat_cents >= 0),
  gross_cents bigint NOT NULL CHECK (gross_cents = net_cents + vat_cents),
  self_billing_agreed_at timestamptz(3) NOT NULL,
  issued_on date NOT NULL,
  issuer jsonb NOT NULL,
  pdf bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (year, sequence),
  CHECK (vat_treatment = 'ust' OR vat_cents = 0)
);
-- One share per placement: a second run, a second instance or a retry never settles it twice.
CREATE UNIQUE INDEX credit_notes_report ON credit_notes (placement_report_id);
CREATE INDEX credit_notes_agency ON credit_notes (agency_organisation_id, id DESC);
CREATE TRIGGER credit_notes_immutable BEFORE UPDATE OR DELETE ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION money_rows_immutable();

-- What the platform owes someone: the agency's share (with its credit note) or a refund to the
-- company (with the correction invoice that took the amount back).
CREATE TABLE payout_items (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('praemie', 'rueckerstattung')),
  placement_report_id integer NOT NULL,
  organisation_id integer,
  payee_name text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  due_on date NOT NULL,
  credit_note_id integer REFERENCES credit_notes (id),
  invoice_id integer REFERENCES invoices (id),
  -- The transfer's text: the document it settles.
  purpose text NOT NULL CHECK (char_length(purpose) <= 140),
  -- A refund goes back to the account it came from when the company keeps none.
  fallback_account_holder text,
  fallback_iban text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((kind = 'praemie') = (credit_note_id IS NOT NULL)),
  CHECK ((kind = 'rueckerstattung') = (invoice_id IS NOT NULL))
);
CREATE UNIQUE INDEX payout_items_credit_note ON payout_items (credit_note_id) WHERE credit_note_id IS NOT NULL;
CREATE UNIQUE INDEX payout_items_invoice ON payout_items (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX payout_items_organisation ON payout_items (organisation_id, id DESC);
CREATE TRIGGER payout_items_immutable BEFORE UPDATE OR DELETE ON payout_items
  FOR EACH ROW EXECUTE FUNCTION money_rows_immutable();

-- A SEPA credit transfer file as handed to the bank.
CREATE TABLE payout_batches (
  id serial PRIMARY KEY,
  message_id text NOT NULL UNIQUE,
  execution_date date NOT NULL,
  item_count integer NOT NULL CHECK (item_count > 0),
  total_cents bigint NOT NULL CHECK (total_cents > 0),
  xml text NOT NULL,
  created_by integer,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Each item of a batch with the account it was sent to, and what the bank did with it.
CREATE TABLE payout_batch_items (
  batch_id integer NOT NULL REFERENCES payout_batches (id),
  payout_item_id integer NOT NULL REFERENCES payout_items (id),
  end_to_end_id text NOT NULL UNIQUE,
  account_holder text NOT NULL,
  iban text NOT NULL,
  bic text,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'offen' CHECK (status IN ('offen', 'ausgezahlt', 'fehlgeschlagen')),
  failure_reason text CHECK (char_length(failure_reason) <= 500),
  decided_at timestamptz(3),
  decided_by integer,
  PRIMARY KEY (batch_id, payout_item_id),
  CHECK ((status = 'offen') = (decided_at IS NULL)),
  CHECK ((status = 'fehlgeschlagen') = (failure_reason IS NOT NULL))
);
-- Nothing is paid twice: an item is in at most one batch that has not failed.
CREATE UNIQUE INDEX payout_batch_items_live ON payout_batch_items (payout_item_id) WHERE status <> 'fehlgeschlagen';

-- A batch item is decided once ('offen' → 'ausgezahlt' or 'fehlgeschlagen'); nothing else changes.
CREATE FUNCTION payout_batch_items_decided_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'offen' AND NEW.status <> 'offen'
     AND (NEW.batch_id, NEW.payout_item_id, NEW.end_to_end_id, NEW.account_holder, NEW.iban, NEW.bic, NEW.amount_cents)
         IS NOT DISTINCT FROM (OLD.batch_id, OLD.payout_item_id, OLD.end_to_end_id, OLD.account_holder, OLD.iban, OLD.bic, OLD.amount_cents) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payout_batch_items: % refused (decided once, kept 7 years)', TG_OP;
END;
$$;
CREATE TRIGGER payout_batch_items_decided BEFORE UPDATE OR DELETE ON payout_batch_items
  FOR EACH ROW EXECUTE FUNCTION payout_batch_items_decided_once();
CREATE TRIGGER payout_batches_immutable BEFORE UPDATE OR DELETE ON payout_batches
  FOR EACH ROW EXECUTE FUNCTION money_rows_immutable();

ALTER TABLE mail_outbox ADD COLUMN credit_note_id integer;
