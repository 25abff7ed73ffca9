-- A place's arrival is when its server process read the join (ADR 095 addendum, issue 31): the admission
-- step admits waiting places in that order, not in the order PostgreSQL drew their positions. Between the
-- two, a join waits in its own process (rate limit, the join bound, the pool), and measured on two processes
-- one process's joins reached PostgreSQL about a second after the other's: its early visitors were
-- overtaken by later arrivals at the faster process. Places joined before this keep their joined_at.
ALTER TABLE waiting_room_entries ADD COLUMN arrived_at timestamptz;
UPDATE waiting_room_entries SET arrived_at = joined_at;
ALTER TABLE waiting_room_entries ALTER COLUMN arrived_at SET NOT NULL, ALTER COLUMN arrived_at SET DEFAULT now();
-- The step takes the first waiting places of a run in arrival order (position breaks ties).
DROP INDEX waiting_room_entries_waiting_idx;
CREATE INDEX waiting_room_entries_waiting_idx ON waiting_room_entries (queue_id, arrived_at, position)
  WHERE state = 'waiting';
