-- The order state machine (ADR 011): the statuses are a closed set, every change goes through
-- transitionOrders() and leaves an order_events row (what, from, to, why, when).

UPDATE orders SET status = 'reserved' WHERE status = 'paid';
ALTER TABLE orders ADD CONSTRAINT orders_status_known CHECK (
  status IN ('holding', 'ready_checkout', 'paying', 'reserved', 'expired', 'cancelled', 'refunded')
);

CREATE TABLE order_events (
  id           bigserial PRIMARY KEY,
  order_id     bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- NULL for the order's creation (the hold).
  from_status  text,
  to_status    text NOT NULL,
  reason       text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- The sweeper also looks for payments that never came back (status paying).
DROP INDEX orders_hold_expiry_idx;
CREATE INDEX orders_hold_expiry_idx ON orders (expires_at) WHERE status IN ('holding', 'ready_checkout', 'paying');
