-- Crash recovery for payments (issue 24, ADR 047).
-- instance_id: the server process that started the attempt. Each process holds a session-level advisory
-- lock on this id for its lifetime (domain/payments/instance-lock.ts), so pg_locks tells whether it lives.
ALTER TABLE payments ADD COLUMN instance_id integer;
-- orphaned_at: when the reconciliation worker first saw the attempt still 'created' with its process gone;
-- it is asked and settled one interval later (a process whose lock connection was only cut takes its lock
-- back meanwhile, and an ExecTran the dead process had sent has finished at the gateway).
ALTER TABLE payments ADD COLUMN orphaned_at timestamptz;
-- stuck_at: the gateway kept answering "pending"/unknown past PAYMENT_STUCK_AFTER_HOURS: no longer polled,
-- listed for staff (npm run stuck-payments).
ALTER TABLE payments ADD COLUMN stuck_at timestamptz;

CREATE INDEX payments_stuck_idx ON payments (stuck_at) WHERE stuck_at IS NOT NULL;
