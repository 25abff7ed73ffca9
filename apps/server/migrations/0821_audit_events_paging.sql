-- The console lists an organisation's events in the order they were written (id), a page after a cursor id:
-- `at` is the writing transaction's start, so two transactions may write in the other order than their `at`.
CREATE INDEX audit_events_organisation_id_idx ON audit_events (organisation_id, id DESC);
