-- The admission pace of a queue's run (2026-12-01, ADR 133): the share of its admission rate the step admits
-- now, in thousandths, moved by how fast the processes answer admitted visitors. NULL: the run has not been
-- paced yet (the step starts it at its initial pace). Shared by every process, like the run's credit.
ALTER TABLE waiting_room_queues ADD COLUMN admission_pace_milli integer
  CHECK (admission_pace_milli BETWEEN 1 AND 1000);
