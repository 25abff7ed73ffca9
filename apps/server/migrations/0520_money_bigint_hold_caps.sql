-- Hardening from issue 7 (ADR 015).

-- Money is bigint: an order of 1 000 tickets with add-ons at ¥42 950 overflowed int4 `orders.price` and
-- failed every hold batched with it. Prices and discounts stay integer minor units.
ALTER TABLE option_values ALTER COLUMN price TYPE bigint;
ALTER TABLE set_products ALTER COLUMN price TYPE bigint;
ALTER TABLE orders ALTER COLUMN price TYPE bigint;
ALTER TABLE order_lines ALTER COLUMN unit_price TYPE bigint;
ALTER TABLE order_set_products ALTER COLUMN unit_price TYPE bigint;
ALTER TABLE coupons ALTER COLUMN discount_value TYPE bigint;
ALTER TABLE order_coupons ALTER COLUMN discount TYPE bigint;

-- Hold caps: one client must not hold a whole slot (one held 200 seats in 0.22 s). Server-only site
-- settings, read by the hold; NULL means no cap. The client is a keyed hash of its address (never the
-- address itself), as the hold stored it.
ALTER TABLE sites
  ADD COLUMN max_open_orders_per_client integer DEFAULT 5 CHECK (max_open_orders_per_client >= 1),
  ADD COLUMN max_tickets_per_client_slot integer DEFAULT 20 CHECK (max_tickets_per_client_slot >= 1);
ALTER TABLE orders ADD COLUMN client_key text;
-- The hold counts a client's open orders by this index, in the same read as the slot's stock.
CREATE INDEX orders_open_by_client_idx ON orders (client_key, time_span_id)
  WHERE status IN ('holding', 'ready_checkout') AND client_key IS NOT NULL;
