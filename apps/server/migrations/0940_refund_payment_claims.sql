-- A refund part is asked of its gateway by one process at a time (review finding 3, ADR 076 "After review").
-- Before any call (the first one and every retry) the caller claims the row with a conditional UPDATE that
-- sets claimed_until to now() + 3 × GATEWAY_TIMEOUT_MS; another caller (a second settle, the reconciler)
-- skips a row whose claim has not expired, so a call still in flight is never overtaken by a second one.
ALTER TABLE refund_payments ADD COLUMN claimed_until timestamptz;
