-- Per-client rate limits counted once for every server process (issue 31, ADR 093).
--
-- One row per counter (route, budget name and client): the current fixed window's count and its end. A call
-- is one upsert that starts a fresh window when the stored one has ended. UNLOGGED: no WAL for a counter
-- that changes on every hold (it is not replicated and is emptied by a crash, which only forgives a minute's
-- calls). No index beyond the key, so an update of the count stays a HOT update; a low fillfactor leaves room
-- on the page for it. Ended windows are swept by the counting processes now and then (a sequential scan).
CREATE UNLOGGED TABLE rate_limit_counters (
  key             text PRIMARY KEY,
  window_ends_at  timestamptz NOT NULL,
  count           integer NOT NULL CHECK (count > 0)
) WITH (fillfactor = 70);
