-- The console's audit log (issue 27, ADR 065): one append-only row per state change that matters, whoever
-- caused it (staff, a gate device, the system, a visitor), written by the domain in the same transaction as the
-- change (domain/audit/record-audit.ts).
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_kind text NOT NULL CHECK (actor_kind IN ('staff', 'device', 'system', 'visitor')),
  actor_staff_id bigint,
  actor_device_id bigint,
  -- What to show for the actor when no id says it (a job's name, a visitor's reservation number).
  actor_label text,
  -- No foreign keys: an audit row outlives what it names (a deleted staff member, a revoked device, a site).
  organisation_id bigint,
  site_code text,
  object_type text NOT NULL,
  object_id text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb,
  -- Visitors' personal data, kept apart from before/after so that an erasure can null it and nothing else
  -- (audit_erase_personal_data below); personal_subject names whose data it is (e.g. 'order:123').
  personal_data jsonb,
  personal_subject text,
  client_address text,
  user_agent text,
  CHECK (actor_kind <> 'staff' OR actor_staff_id IS NOT NULL),
  CHECK (actor_kind <> 'device' OR actor_device_id IS NOT NULL)
);

-- The console's filters: the organisation's log newest first (cursor on (at, id)), an object's history, an actor's.
CREATE INDEX audit_events_organisation_at_idx ON audit_events (organisation_id, at DESC, id DESC);
CREATE INDEX audit_events_object_idx ON audit_events (object_type, object_id, at);
CREATE INDEX audit_events_staff_idx ON audit_events (actor_staff_id, at DESC) WHERE actor_staff_id IS NOT NULL;
CREATE INDEX audit_events_device_idx ON audit_events (actor_device_id, at DESC) WHERE actor_device_id IS NOT NULL;
CREATE INDEX audit_events_subject_idx ON audit_events (personal_subject) WHERE personal_subject IS NOT NULL;

-- Append-only: every UPDATE and DELETE raises, but one narrow kind of UPDATE: nulling personal_data (an erasure
-- request) while every other column stays as it was. TRUNCATE raises too.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.personal_data IS NULL AND OLD.personal_data IS NOT NULL
     AND (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_staff_id, OLD.actor_device_id, OLD.actor_label,
          OLD.organisation_id, OLD.site_code, OLD.object_type, OLD.object_id, OLD.action, OLD.before, OLD.after,
          OLD.personal_subject, OLD.client_address, OLD.user_agent)
     IS NOT DISTINCT FROM
         (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_staff_id, NEW.actor_device_id, NEW.actor_label,
          NEW.organisation_id, NEW.site_code, NEW.object_type, NEW.object_id, NEW.action, NEW.before, NEW.after,
          NEW.personal_subject, NEW.client_address, NEW.user_agent) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

-- The one erasure path: nulls the personal data of a subject's events, nothing else; answers how many.
CREATE FUNCTION audit_erase_personal_data(p_subject text) RETURNS integer LANGUAGE sql AS $$
  WITH erased AS (
    UPDATE audit_events SET personal_data = NULL
    WHERE personal_subject = p_subject AND personal_data IS NOT NULL
    RETURNING 1
  )
  SELECT count(*)::integer FROM erased;
$$;
