-- Issue 34: money that comes in. A bank statement (camt.053) or notification (camt.054) is
-- imported once; each credit in it becomes an incoming payment, assigned to invoices by its RF
-- reference or the invoice number in its text, else left 'unklar' for the office. Kept 7 years
-- (§ 132 BAO) like the invoices: no foreign key to users or placement reports.

CREATE TABLE bank_statements (
  id serial PRIMARY KEY,
  message_kind text NOT NULL CHECK (message_kind IN ('camt.053', 'camt.054')),
  -- The message's namespace version (camt.053.001.08 …) and its group header id.
  message_version text NOT NULL,
  message_id text NOT NULL,
  -- The ids of the statements (Stmt/Id) or notifications (Ntfctn/Id) it held, in order.
  statement_ids text[] NOT NULL,
  account_iban text NOT NULL,
  file_name text NOT NULL,
  file_sha256 text NOT NULL,
  imported_by integer,
  imported_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX bank_statements_imported ON bank_statements (imported_at DESC);

-- Each statement once: a key per statement, unique across every import.
CREATE TABLE bank_statement_keys (
  statement_key text PRIMARY KEY,
  bank_statement_id integer NOT NULL REFERENCES bank_statements (id)
);

CREATE TABLE incoming_payments (
  id serial PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('bank', 'manuell')),
  bank_statement_id integer REFERENCES bank_statements (id),
  statement_id text,
  -- The entry's identity at the bank (its AcctSvcrRef, else NtryRef, else its place in the
  -- statement): a camt.054 and the later camt.053 with the same entry book it once.
  account_iban text,
  entry_key text,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  booked_on date NOT NULL,
  value_on date,
  debtor_name text,
  debtor_iban text,
  reference text,
  remittance text,
  end_to_end_id text,
  -- The office closed what was not assigned (not an invoice payment), with its reason.
  cleared_at timestamptz(3),
  cleared_by integer,
  cleared_reason text CHECK (char_length(cleared_reason) <= 500),
  recorded_by integer,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((source = 'bank') = (entry_key IS NOT NULL AND account_iban IS NOT NULL)),
  CHECK ((cleared_at IS NULL) = (cleared_reason IS NULL))
);
CREATE UNIQUE INDEX incoming_payments_entry ON incoming_payments (account_iban, entry_key) WHERE entry_key IS NOT NULL;
CREATE INDEX incoming_payments_booked ON incoming_payments (booked_on DESC, id DESC);
CREATE INDEX incoming_payments_statement ON incoming_payments (bank_statement_id);

-- What of a payment went to which invoice. Append-only; the report is copied in for the sums.
CREATE TABLE payment_allocations (
  id serial PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES incoming_payments (id),
  invoice_id integer NOT NULL REFERENCES invoices (id),
  placement_report_id integer NOT NULL,
  cents bigint NOT NULL CHECK (cents > 0),
  method text NOT NULL CHECK (method IN ('referenz', 'rechnungsnummer', 'manuell')),
  allocated_by integer,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX payment_allocations_payment ON payment_allocations (payment_id);
CREATE INDEX payment_allocations_report ON payment_allocations (placement_report_id);

-- Booked money is never changed or removed: only the office's closing note may be added once.
CREATE FUNCTION money_rows_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- PL/pgSQL does not short-circuit: the payment's own fields are read only for a payment.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'incoming_payments' THEN
    IF OLD.cleared_at IS NULL
       AND (NEW.id, NEW.source, NEW.bank_statement_id, NEW.entry_key, NEW.amount_cents, NEW.booked_on)
           IS NOT DISTINCT FROM (OLD.id, OLD.source, OLD.bank_statement_id, OLD.entry_key, OLD.amount_cents, OLD.booked_on) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are immutable (§ 132 BAO): % refused', TG_TABLE_NAME, TG_OP;
END;
$$;
CREATE TRIGGER bank_statements_immutable BEFORE UPDATE OR DELETE ON bank_statements
  FOR EACH ROW EXECUTE FUNCTION money_rows_immutable();
CREATE TRIGGER incoming_payments_immutable BEFORE UPDATE OR DELETE ON incoming_payments
  FOR EACH ROW EXECUTE FUNCTION money_rows_immutable();
CREATE TRIGGER payment_allocations_immutable BEFORE UPDATE OR DELETE ON payment_allocations
  FOR EACH ROW EXECUTE FUNCTION money_rows_immutable();

-- Placements marked 'bezahlt' before: one payment recorded by hand each, for what the statement
-- of account counted as paid (the invoices in force on the payment day: everything, except a
-- refund after payment, the newest correction of a guarantee case), assigned to the invoice in
-- force.
WITH paid AS (
  SELECT r.id AS report_id, r.paid_at,
    (SELECT sum(i.gross_cents) FROM invoices i WHERE i.placement_report_id = r.id)
      - CASE WHEN r.status = 'garantiefall'
          THEN coalesce((SELECT i.gross_cents FROM invoices i
                          WHERE i.placement_report_id = r.id AND i.kind = 'korrektur'
                          ORDER BY i.id DESC LIMIT 1), 0)
          ELSE 0 END AS cents,
    (SELECT i.id FROM invoices i WHERE i.placement_report_id = r.id AND i.kind = 'rechnung'
      ORDER BY i.id DESC LIMIT 1) AS invoice_id
  FROM placement_reports r
  WHERE r.paid_at IS NOT NULL
), booked AS (
  INSERT INTO incoming_payments (source, amount_cents, booked_on, remittance, created_at)
  SELECT 'manuell', cents, (paid_at AT TIME ZONE 'Europe/Vienna')::date,
         'Als bezahlt markiert (vor dem Zahlungsimport) · Meldung ' || report_id, paid_at
  FROM paid WHERE cents > 0 AND invoice_id IS NOT NULL
  RETURNING id, remittance
)
INSERT INTO payment_allocations (payment_id, invoice_id, placement_report_id, cents, method, created_at)
SELECT b.id, p.invoice_id, p.report_id, p.cents, 'manuell', p.paid_at
FROM booked b JOIN paid p ON b.remittance = 'Als bezahlt markiert (vor dem Zahlungsimport) · Meldung ' || p.report_id;
