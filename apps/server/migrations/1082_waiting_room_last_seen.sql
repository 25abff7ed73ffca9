-- When a waiting visitor last asked about their place (a join, a read, a long poll), review finding 1 of
-- issue 31: the admission step skips places whose visitor stopped asking (as `expired`), so a seat that
-- comes back (a lapsed hold) goes to someone still there, not to a ghost who sits out a 5-minute window.
-- Written in batches by each process (at most one UPDATE a step), never once per poll.
ALTER TABLE waiting_room_entries ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
