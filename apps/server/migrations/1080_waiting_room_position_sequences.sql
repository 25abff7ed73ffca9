-- A cheaper join for on-sale rushes (issue 31, ADR 095 "measured"): a place's position comes from a
-- sequence of its own run, not from `last_position = last_position + 1` on the queue row. That UPDATE took
-- the row's lock, so every join of a product waited for the one before it to commit (one at a time, about
-- 500 a second on the shared machine); nextval() locks nothing past its own call and never rolls back.
-- A position drawn by a join that then finds the visitor already placed (two tabs at once) is a gap: the
-- admission step admits the waiting places in position order, not a range of numbers, so gaps cost nothing.

-- One sequence per run, named after it, created with the run and dropped when it ends or is deleted.
-- SECURITY DEFINER: the DDL runs as the migrations' owner whatever role the server connects as.
CREATE FUNCTION waiting_room_position_sequence() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A test database restarts identities on truncate: a sequence left by an earlier run of that id goes.
    EXECUTE format('DROP SEQUENCE IF EXISTS waiting_room_positions_%s', NEW.id);
    EXECUTE format('CREATE SEQUENCE waiting_room_positions_%s', NEW.id);
    RETURN NEW;
  END IF;
  EXECUTE format('DROP SEQUENCE IF EXISTS waiting_room_positions_%s', OLD.id);
  RETURN OLD;
END $$;

CREATE TRIGGER waiting_room_queue_created AFTER INSERT ON waiting_room_queues
  FOR EACH ROW EXECUTE FUNCTION waiting_room_position_sequence();
CREATE TRIGGER waiting_room_queue_ended AFTER UPDATE OF ended_at ON waiting_room_queues
  FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION waiting_room_position_sequence();
CREATE TRIGGER waiting_room_queue_deleted AFTER DELETE ON waiting_room_queues
  FOR EACH ROW EXECUTE FUNCTION waiting_room_position_sequence();

-- Runs open at the upgrade continue after their last position.
DO $$
DECLARE run record;
BEGIN
  FOR run IN SELECT id, last_position FROM waiting_room_queues WHERE ended_at IS NULL LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS waiting_room_positions_%s START %s', run.id, run.last_position + 1);
  END LOOP;
END $$;

-- The admission step takes the first waiting places of a run by this index (the admitted and used ones
-- before them are not scanned). last_position is now the step's record of the sequence, kept for the docs.
CREATE INDEX waiting_room_entries_waiting_idx ON waiting_room_entries (queue_id, position) WHERE state = 'waiting';
