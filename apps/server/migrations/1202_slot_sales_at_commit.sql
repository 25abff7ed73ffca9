-- A sale moves a slot's held stock to sold when its transaction commits, not when its statement runs
-- (2026-11-30, ADR 130). The checkout inserts a row here when the order becomes reserved; the deferred trigger
-- applies it to time_spans inside COMMIT and deletes it, so the slot's row lock is taken and released within the commit and
-- is never held across a round trip to a busy server process. Rows exist only inside the transaction that
-- inserted them: the table is always empty between transactions.
CREATE TABLE slot_sales_at_commit (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  time_span_id bigint NOT NULL,
  quantity     integer NOT NULL CHECK (quantity > 0)
);

CREATE FUNCTION apply_slot_sale_at_commit() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE time_spans SET held = held - NEW.quantity, sold = sold + NEW.quantity WHERE id = NEW.time_span_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'a sale names slot %, which does not exist', NEW.time_span_id;
  END IF;
  DELETE FROM slot_sales_at_commit WHERE id = NEW.id;
  RETURN NULL;
END $$;

-- Deferred triggers fire in the order their rows were inserted: sellHeldStock inserts in slot id order, so
-- a sale of several slots locks them in the same order as every other path (ADR 007, 126).
CREATE CONSTRAINT TRIGGER slot_sales_apply_at_commit
  AFTER INSERT ON slot_sales_at_commit
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION apply_slot_sale_at_commit();
