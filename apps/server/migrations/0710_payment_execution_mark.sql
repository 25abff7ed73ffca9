-- Payment crash recovery, second pass (ADR 047).
-- exec_sent_at: written (and committed) just before the gateway call that can charge (GMO's ExecTran). An
-- attempt without it was never executed and never will be once abandoned_at is set; with it, a gateway's
-- "unprocessed" is trusted only 2 x GATEWAY_TIMEOUT_MS after this mark (the call may still be processing).
ALTER TABLE payments ADD COLUMN exec_sent_at timestamptz;
-- abandoned_at: someone other than the starting call decided to read the attempt as abandoned. Set only
-- while exec_sent_at is empty (or past its window); the mark is written only while this is empty, so the
-- two writes fence each other under the row lock and no charging call starts after an abandonment.
ALTER TABLE payments ADD COLUMN abandoned_at timestamptz;
-- recheck_at: an attempt declined as abandoned is asked once more then, so a capture that still came
-- through is flagged (charged_after_decline) instead of going unseen.
ALTER TABLE payments ADD COLUMN recheck_at timestamptz;

CREATE INDEX payments_recheck_idx ON payments (recheck_at) WHERE recheck_at IS NOT NULL;
