-- Issue 34: an agency may object to a self-billing credit note (§ 11 (7) UStG: it then no longer
-- counts as its invoice) and withdraw its agreement to self-billing. An objection holds the credit
-- note's payout until the office resolved it with a note; both are kept as written.
CREATE TABLE credit_note_objections (
  credit_note_id integer PRIMARY KEY REFERENCES credit_notes (id),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
  objected_at timestamptz(3) NOT NULL,
  objected_by integer,
  resolution text CHECK (char_length(resolution) BETWEEN 1 AND 2000),
  resolved_at timestamptz(3),
  resolved_by integer,
  CHECK ((resolution IS NULL) = (resolved_at IS NULL))
);

CREATE FUNCTION credit_note_objections_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.reason IS DISTINCT FROM OLD.reason OR NEW.objected_at IS DISTINCT FROM OLD.objected_at
     OR NEW.objected_by IS DISTINCT FROM OLD.objected_by OR OLD.resolved_at IS NOT NULL THEN
    RAISE EXCEPTION 'a credit note objection is final: % refused', TG_OP;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER credit_note_objections_final BEFORE UPDATE OR DELETE ON credit_note_objections
  FOR EACH ROW EXECUTE FUNCTION credit_note_objections_final();
