-- The reconciliation worker (issue 8, ADR 026): when it last asked the gateway about an attempt still in
-- flight. Claimed by the worker (SKIP LOCKED) so several processes never ask about the same attempt at once,
-- and read by the hold sweeper: a paying order expires only once its attempts were asked after its hold ran out.
ALTER TABLE payments ADD COLUMN reconciled_at timestamptz;

-- The worker picks attempts in flight by age (0600's index on updated_at was made for it, unused until now).
DROP INDEX payments_in_flight_idx;
CREATE INDEX payments_in_flight_by_age_idx ON payments (created_at) WHERE status IN ('created', 'pending');
