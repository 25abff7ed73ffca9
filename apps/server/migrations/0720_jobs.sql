-- One job mechanism on PostgreSQL (ADR 057): background and scheduled work, and the after-commit listeners of
-- "order paid" (ADR 058). A job is inserted in its caller's transaction, so it exists iff that commits.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Deduplicates: one row per (queue, key) while it is queued, running or failed (a done job is deleted).
  key text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  -- A recurring job (a schedule): queued again this long after each run, never deleted, never failed.
  repeat_ms integer CHECK (repeat_ms > 0),
  -- Counted as a run starts (committed before the handler runs), so a job that kills its worker still ends.
  attempts integer NOT NULL DEFAULT 0,
  -- Counted on every claim and never reset (attempts is, as a recurring job's run ends): with the id, the
  -- fence of every write about a run, so an old run's late write never matches a later run's claim.
  claim_seq bigint NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts > 0),
  last_error text,
  -- The running worker's instance id (jobs/instance-lock.ts): no lock held for it means the worker died.
  locked_by integer,
  locked_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'running') = (locked_by IS NOT NULL))
);

CREATE UNIQUE INDEX jobs_queue_key_idx ON jobs (queue, key) WHERE key IS NOT NULL;
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (locked_by) WHERE status = 'running';
