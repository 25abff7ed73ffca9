-- Signed webhooks (issue 30, ADR 087): an organisation's subscriptions, the events taken from the audit log,
-- one delivery per event and subscription, and each try of a delivery for the log.

CREATE TABLE webhook_subscriptions (
  id bigserial PRIMARY KEY,
  organisation_id bigint NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (url ~* '^https?://' AND length(url) <= 2000),
  description text NOT NULL DEFAULT '',
  event_types text[] NOT NULL CHECK (cardinality(event_types) > 0),
  -- NULL: every site of the organisation, also sites added later.
  site_codes text[] CHECK (site_codes IS NULL OR cardinality(site_codes) > 0),
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text CHECK (disabled_reason IN ('staff', 'gone', 'failures')),
  disabled_at timestamptz,
  -- Deliveries failed in a row (each after all its tries); a success resets it; N of them disable.
  consecutive_failures integer NOT NULL DEFAULT 0,
  -- The signing secret, AES-256-GCM under SECRETS_KEY (domain/webhooks/webhook-secret.ts): the server must
  -- know it to sign, so it cannot be hashed; it never leaves the server after the answer that shows it once.
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (enabled = (disabled_reason IS NULL)),
  CHECK ((previous_secret_sealed IS NULL) = (previous_secret_expires_at IS NULL))
);
CREATE INDEX webhook_subscriptions_organisation_idx ON webhook_subscriptions (organisation_id) WHERE enabled;

-- One event (its id is the receiver's deduplication key: the same on every try and redelivery). Built from
-- an audit row by the trigger below, or a ping; the body is frozen at its first delivery (webhook-body.ts).
CREATE TABLE webhook_events (
  id bigserial PRIMARY KEY,
  public_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  event_type text NOT NULL,
  organisation_id bigint NOT NULL,
  site_code text,
  audit_event_id bigint,
  object_type text,
  object_id text,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  -- Tries started (claimed), counted as a try starts: a process killed mid-try still used it up.
  attempt_count integer NOT NULL DEFAULT 0,
  -- Due when pending; while a try is in flight, the end of its lease (a killed process's try is taken again
  -- once it passes: at least once).
  next_attempt_at timestamptz,
  -- A manual redelivery or a ping: one try, no schedule, never counted towards disabling.
  manual boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, event_id),
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (subscription_id, id DESC);

CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  number integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  -- NULL while in flight (or forever, when the process died during it: the log says `interrupted`).
  finished_at timestamptz,
  status_code integer,
  duration_ms integer,
  error text,
  response_excerpt text,
  manual boolean NOT NULL DEFAULT false,
  UNIQUE (delivery_id, number)
);

-- The mapping from audit events to webhook event types (ADR 087's table). An object id that is not a row id
-- (a day closed as `site:date`, a product reorder under the site code) is not an event of one object.
CREATE FUNCTION webhook_event_type_of(object_type text, object_id text, action text, after jsonb)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN object_type = 'order' AND action = 'paid' AND after ->> 'reservation_id' IS NOT NULL
      THEN 'reservation.created'
    WHEN object_type = 'order' AND action = 'tickets_cancelled' AND after ->> 'money' = 'none'
      THEN 'reservation.cancelled'
    WHEN object_type = 'order' AND action = 'tickets_cancelled' THEN 'reservation.refunded'
    WHEN object_type = 'reservation' AND action IN ('date_changed', 'visit_moved')
      THEN 'reservation.date_changed'
    WHEN object_type = 'ticket' AND action IN ('checked_in', 'checked_in_twice') THEN 'ticket.checked_in'
    WHEN object_type = 'slot' AND object_id ~ '^[0-9]+$' THEN 'slot.changed'
    WHEN object_type = 'product' AND object_id ~ '^[0-9]+$' THEN 'product.changed'
  END
$$;

-- The outbox: an audit row that maps to an event type becomes one event and a delivery per matching enabled
-- subscription IN THE SAME TRANSACTION (a trigger holds for every writer of audit_events, present and future,
-- and keeps the audit module, floor 0, free of webhooks), and kicks the delivery job.
CREATE FUNCTION webhook_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := webhook_event_type_of(NEW.object_type, NEW.object_id, NEW.action, NEW.after);
  event bigint;
BEGIN
  IF kind IS NULL OR NEW.organisation_id IS NULL THEN RETURN NULL; END IF;
  IF NOT EXISTS (
    SELECT 1 FROM webhook_subscriptions s
    WHERE s.organisation_id = NEW.organisation_id AND s.enabled AND kind = ANY (s.event_types)
      AND (s.site_codes IS NULL OR NEW.site_code = ANY (s.site_codes))
  ) THEN RETURN NULL; END IF;
  INSERT INTO webhook_events (event_type, organisation_id, site_code, audit_event_id, object_type, object_id)
  VALUES (kind, NEW.organisation_id, NEW.site_code, NEW.id, NEW.object_type, NEW.object_id)
  RETURNING id INTO event;
  INSERT INTO webhook_deliveries (subscription_id, event_id, next_attempt_at)
  SELECT s.id, event, now() FROM webhook_subscriptions s
  WHERE s.organisation_id = NEW.organisation_id AND s.enabled AND kind = ANY (s.event_types)
    AND (s.site_codes IS NULL OR NEW.site_code = ANY (s.site_codes));
  INSERT INTO jobs (queue, key) VALUES ('webhooks.kick', 'kick')
  ON CONFLICT (queue, key) WHERE key IS NOT NULL DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER audit_events_webhooks AFTER INSERT ON audit_events
FOR EACH ROW EXECUTE FUNCTION webhook_fan_out();
