-- The admission step counts holds in flight (an admission claimed, its order not yet recorded) as
-- outstanding (ADR 095 addendum): this keeps that count to the few such rows of a queue, not all its places.
CREATE INDEX waiting_room_entries_claimed_idx ON waiting_room_entries (queue_id)
  WHERE state = 'used' AND used_by_order IS NULL;
