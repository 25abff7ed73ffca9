-- The audit trigger's kick of the webhook deliveries (migration 0970) never waits for another transaction's
-- (2026-11-29, session 18, ADR 087 addendum). `INSERT … ON CONFLICT DO NOTHING` on the one kick key waits
-- for any uncommitted transaction that inserted the same key. A checkout's settle audits the payment before
-- it locks the slot (ADR 095 addendum: the slot's lock held only to the commit), while a slot edit, a refund
-- or a visitor move locks the slot before it audits: the two waited for each other (deadlock detected,
-- reproduced with two sessions). Now a transaction kicks only when it can take the kick's advisory lock at
-- once; one that cannot leaves it to the transaction holding it (its kick delivers every delivery due when it
-- runs, this one's too if this one has committed by then) and to the recurring delivery round
-- (WEBHOOK_INTERVAL_MS), which delivers whatever a kick missed.
CREATE OR REPLACE FUNCTION webhook_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- Advisory lock space 87 (ADR 087's number), key 1: the kick.
  IF pg_try_advisory_xact_lock(87, 1) THEN
    INSERT INTO jobs (queue, key) VALUES ('webhooks.kick', 'kick')
    ON CONFLICT (queue, key) WHERE key IS NOT NULL DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
