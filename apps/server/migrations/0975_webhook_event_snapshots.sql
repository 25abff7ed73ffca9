-- Webhook fixes after review (issue 30, ADR 087 addendum).
--
-- 1. A refused second scan (`ticket checked_in_twice`) is no `ticket.checked_in` event: receivers counting
--    entries would count it twice (review finding 14). Only a ticket's first check-in is an event.
CREATE OR REPLACE FUNCTION webhook_event_type_of(object_type text, object_id text, action text, after jsonb)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN object_type = 'order' AND action = 'paid' AND after ->> 'reservation_id' IS NOT NULL
      THEN 'reservation.created'
    WHEN object_type = 'order' AND action = 'tickets_cancelled' AND after ->> 'money' = 'none'
      THEN 'reservation.cancelled'
    WHEN object_type = 'order' AND action = 'tickets_cancelled' THEN 'reservation.refunded'
    WHEN object_type = 'reservation' AND action IN ('date_changed', 'visit_moved')
      THEN 'reservation.date_changed'
    WHEN object_type = 'ticket' AND action = 'checked_in' THEN 'ticket.checked_in'
    WHEN object_type = 'slot' AND object_id ~ '^[0-9]+$' THEN 'slot.changed'
    WHEN object_type = 'product' AND object_id ~ '^[0-9]+$' THEN 'product.changed'
  END
$$;

-- 2. An event's body says what was true AT THE EVENT, not at its first delivery (review finding 8): it is
--    built here, at the commit of the transaction that made the event (a deferred constraint trigger, so the
--    rows the audited action wrote later in that transaction are in it), and stored. webhook-body.ts then
--    sends it as stored; it builds a body itself only for an event made before this migration.
--    The fields and their shapes are those of webhook-body.ts (docs/webhooks.md).

CREATE FUNCTION webhook_iso(at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

CREATE FUNCTION webhook_slot_data(span_id bigint) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN span_id IS NULL THEN NULL ELSE COALESCE(
    (SELECT jsonb_build_object('id', t.id, 'product_id', t.product_id, 'starts_at', webhook_iso(t.starts_at),
       'ends_at', webhook_iso(t.ends_at), 'capacity', t.capacity, 'sold', t.sold, 'on_sale', t.on_sale)
     FROM time_spans t WHERE t.id = span_id),
    jsonb_build_object('id', span_id)) END
$$;

CREATE FUNCTION webhook_product_data(product bigint) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT COALESCE(
    (SELECT jsonb_build_object('id', p.id, 'uuid', p.uuid, 'names', p.names, 'product_type', p.product_type,
       'status', p.status)
     FROM products p WHERE p.id = product),
    jsonb_build_object('id', product))
$$;

-- A reservation (by its id, or by its order's id) as receivers get it: number, status, product, slot and
-- its tickets counted by type and status. No visitor's personal data.
CREATE FUNCTION webhook_reservation_data(by_reservation bigint, by_order bigint) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT (
    SELECT jsonb_build_object('id', r.id, 'number', r.reservation_number, 'status', r.status,
      'order_id', r.order_id, 'channel', o.channel, 'product', webhook_product_data(o.product_id),
      'slot', webhook_slot_data(o.time_span_id),
      'tickets', COALESCE((
        SELECT jsonb_agg(jsonb_build_object('ticket_type_id', g.ticket_type_id, 'names', g.names,
                 'status', g.status, 'count', g.count) ORDER BY g.ticket_type_id, g.status)
        FROM (SELECT t.option_value_id AS ticket_type_id, v.names, t.status, count(*)::int AS count
              FROM tickets t LEFT JOIN option_values v ON v.id = t.option_value_id
              WHERE t.reservation_id = r.id
              GROUP BY t.option_value_id, v.names, t.status) g), '[]'::jsonb))
    FROM reservations r JOIN orders o ON o.id = r.order_id
    WHERE (by_reservation IS NOT NULL AND r.id = by_reservation)
       OR (by_reservation IS NULL AND r.order_id = by_order)
    LIMIT 1)
$$;

CREATE FUNCTION webhook_numeric(value text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value ~ '^[0-9]+$' THEN value::bigint END
$$;

CREATE FUNCTION webhook_event_data(kind text, object_id text, action text, before jsonb, after jsonb,
  created_at timestamptz) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  object bigint := webhook_numeric(object_id);
  ticket record;
BEGIN
  before := COALESCE(before, '{}'::jsonb);
  after := COALESCE(after, '{}'::jsonb);
  CASE kind
    WHEN 'reservation.created' THEN
      RETURN jsonb_build_object(
        'reservation', webhook_reservation_data(webhook_numeric(after ->> 'reservation_id'), NULL),
        'amount', (after -> 'amount'));
    WHEN 'reservation.cancelled', 'reservation.refunded' THEN
      RETURN jsonb_build_object(
        'reservation', webhook_reservation_data(NULL, object),
        'ticket_ids', COALESCE(after -> 'ticket_ids', '[]'::jsonb),
        'whole_reservation', COALESCE(after -> 'order_refunded' = 'true'::jsonb, false),
        'refund', CASE WHEN kind = 'reservation.refunded'
          THEN jsonb_build_object('id', after -> 'refund_id', 'amount', after -> 'amount') ELSE 'null'::jsonb END);
    WHEN 'reservation.date_changed' THEN
      RETURN jsonb_build_object(
        'reservation', webhook_reservation_data(object, NULL),
        'previous_slot', webhook_slot_data(webhook_numeric(before ->> 'time_span_id')),
        'by', CASE WHEN action = 'visit_moved' THEN 'operator_move' ELSE 'date_change' END);
    WHEN 'ticket.checked_in' THEN
      SELECT t.id, t.reservation_id, t.sequence, t.option_value_id, t.checked_in_at INTO ticket
      FROM tickets t WHERE t.id = object;
      IF NOT FOUND THEN
        RETURN jsonb_build_object('ticket', jsonb_build_object('id', object), 'reservation', NULL);
      END IF;
      RETURN jsonb_build_object(
        'ticket', jsonb_build_object('id', ticket.id, 'sequence', ticket.sequence,
          'ticket_type_id', ticket.option_value_id,
          'checked_in_at', COALESCE(webhook_iso(ticket.checked_in_at), webhook_iso(created_at))),
        'reservation', webhook_reservation_data(ticket.reservation_id, NULL));
    WHEN 'slot.changed' THEN
      RETURN jsonb_build_object('slot', webhook_slot_data(object), 'change', action);
    WHEN 'product.changed' THEN
      RETURN jsonb_build_object('product', webhook_product_data(object), 'change', action);
    ELSE
      RETURN '{}'::jsonb;
  END CASE;
END
$$;

CREATE FUNCTION webhook_event_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE webhook_events e SET body = jsonb_build_object(
      'id', e.public_id, 'type', e.event_type, 'created_at', webhook_iso(e.created_at),
      'organisation', (SELECT o.code FROM organisations o WHERE o.id = e.organisation_id),
      'site', e.site_code,
      'data', CASE WHEN e.event_type = 'ping' THEN '{}'::jsonb
        ELSE webhook_event_data(e.event_type, e.object_id, a.action, a.before, a.after, e.created_at) END)
  FROM webhook_events self LEFT JOIN audit_events a ON a.id = self.audit_event_id
  WHERE e.id = NEW.id AND self.id = NEW.id AND e.body IS NULL;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER webhook_events_snapshot AFTER INSERT ON webhook_events
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION webhook_event_snapshot();
