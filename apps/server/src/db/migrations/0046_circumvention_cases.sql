-- Issue 34: circumvention cases (terms point 10). The office opens a case on a placement report
-- flagged 'Umgehungsverdacht', hears the company in writing with a deadline, and decides with
-- reasons; a finding of circumvention issues a penalty invoice (kind 'vertragsstrafe', outside the
-- scope of USt: decision 0035) and attributes the placement to the agency's introduction. Kept with
-- the invoice (§ 132 BAO): no foreign key to users.

ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('rechnung', 'korrektur', 'vertragsstrafe'));
-- A penalty is damages, not a supply: never USt, never reverse charge.
ALTER TABLE invoices ADD CONSTRAINT invoices_penalty_untaxed
  CHECK (kind <> 'vertragsstrafe' OR (vat_cents = 0 AND NOT reverse_charge AND net_cents > 0));

ALTER TABLE payment_allocations DROP CONSTRAINT payment_allocations_purpose_check;
ALTER TABLE payment_allocations ADD CONSTRAINT payment_allocations_purpose_check
  CHECK (purpose IN ('rechnung', 'mahnkosten', 'vertragsstrafe'));

CREATE TABLE circumvention_cases (
  id serial PRIMARY KEY,
  placement_report_id integer NOT NULL,
  -- The agency whose claim the case is about: its introduction and organisation.
  introduction_id integer NOT NULL,
  agency_organisation_id integer,
  company_organisation_id integer,
  company_id integer,
  -- The register entries of the introduction as they stood at opening (kind, time, hash).
  evidence jsonb NOT NULL,
  opened_at timestamptz(3) NOT NULL,
  opened_by integer,
  letter text NOT NULL CHECK (char_length(letter) BETWEEN 1 AND 5000),
  deadline date NOT NULL,
  answer text CHECK (char_length(answer) BETWEEN 1 AND 5000),
  answered_at timestamptz(3),
  answered_by integer,
  decision text CHECK (decision IN ('umgehung_festgestellt', 'eingestellt')),
  reasons text CHECK (char_length(reasons) BETWEEN 1 AND 5000),
  decided_at timestamptz(3),
  decided_by integer,
  penalty_invoice_id integer REFERENCES invoices (id),
  CHECK ((answer IS NULL) = (answered_at IS NULL)),
  CHECK ((decision IS NULL) = (decided_at IS NULL) AND (decision IS NULL) = (reasons IS NULL)),
  CHECK ((decision = 'umgehung_festgestellt') = (penalty_invoice_id IS NOT NULL))
);
-- One case per report: a second click, a second office tab or instance never opens two.
CREATE UNIQUE INDEX circumvention_cases_report ON circumvention_cases (placement_report_id);
CREATE INDEX circumvention_cases_company ON circumvention_cases (company_organisation_id, id DESC);

-- The statement and the decision are final: an answer and a decision are written once.
CREATE FUNCTION circumvention_cases_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'circumvention cases are kept: DELETE refused';
  END IF;
  IF OLD.answered_at IS NOT NULL AND (NEW.answer IS DISTINCT FROM OLD.answer OR NEW.answered_at IS DISTINCT FROM OLD.answered_at) THEN
    RAISE EXCEPTION 'a circumvention case''s answer is final';
  END IF;
  IF OLD.decided_at IS NOT NULL THEN
    RAISE EXCEPTION 'a decided circumvention case is final';
  END IF;
  IF NEW.evidence IS DISTINCT FROM OLD.evidence OR NEW.letter IS DISTINCT FROM OLD.letter
     OR NEW.deadline IS DISTINCT FROM OLD.deadline OR NEW.introduction_id IS DISTINCT FROM OLD.introduction_id THEN
    RAISE EXCEPTION 'a circumvention case''s hearing is final';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER circumvention_cases_final BEFORE UPDATE OR DELETE ON circumvention_cases
  FOR EACH ROW EXECUTE FUNCTION circumvention_cases_final();
