-- The box office (channel pos) and the kiosk (channel kiosk), issue 29, ADR 080.

-- Sale cut-offs per channel. A timed slot stops selling at its start on the web and the spot poster (entry
-- happens at its time, ADR 009), but the counter and the kiosk stand at the entrance and sell the running
-- slot to a walk-in until it ends. A day ticket or a period pass sells until its span ends on every channel,
-- so only the timed rule is stored. A channel without a row sells nothing (a new channel must say).
CREATE TABLE channel_sale_cutoffs (
  channel           text PRIMARY KEY,
  timed_slot_cutoff text NOT NULL CHECK (timed_slot_cutoff IN ('slot_start', 'slot_end'))
);
INSERT INTO channel_sale_cutoffs (channel, timed_slot_cutoff) VALUES
  ('web', 'slot_start'), ('spot', 'slot_start'), ('OTA', 'slot_start'),
  ('pos', 'slot_end'), ('kiosk', 'slot_end');

-- Kiosk devices are gate keys of kind 'kiosk' (part 1's device registration, ADR 066): the same digest, the
-- same revocation. A kiosk key never opens the gate and a gate key never sells on the kiosk channel. The key
-- lives in the tablet's HttpOnly cookie; it is set by opening a one-time pairing URL, whose code is kept as a
-- digest until it is used or expires (a new pairing ends the earlier code and the earlier cookie).
ALTER TABLE gate_keys
  ADD COLUMN kind text NOT NULL DEFAULT 'gate' CHECK (kind IN ('gate', 'kiosk')),
  ADD COLUMN pairing_code_hash text UNIQUE,
  ADD COLUMN pairing_expires_at timestamptz,
  ADD CHECK ((pairing_code_hash IS NULL) = (pairing_expires_at IS NULL)),
  ADD CHECK (kind = 'kiosk' OR pairing_code_hash IS NULL);

-- A sale at the counter, keyed by the screen's idempotency key (a double click or a retry sells once). The
-- row is written before the hold, so a second request with the same key finds it and answers the same sale;
-- the order, tickets and payment are the web's (orders, reservations, payments): this row only says who sold
-- it, how the money was handed over and what the receipt printed.
CREATE TABLE box_office_sales (
  id               bigserial PRIMARY KEY,
  site_code        text NOT NULL REFERENCES sites(code),
  idempotency_key  text NOT NULL,
  staff_id         bigint,
  -- The request's digest: the same key with another sale answers invalid request, never the first sale.
  request_hash     text NOT NULL,
  order_id         bigint REFERENCES orders(id),
  method           text NOT NULL CHECK (method IN ('cash', 'card_terminal', 'free')),
  received         bigint CHECK (received >= 0),
  change           bigint CHECK (change >= 0),
  approval_number  text,
  completed_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_code, idempotency_key)
);
CREATE INDEX box_office_sales_order_idx ON box_office_sales (order_id);

-- The counter takes cash, a card terminal or nothing (a free order); a card through a gateway was never
-- sold at the counter (nothing sold on pos before), so earlier seeded pos rows for gateway methods go.
DELETE FROM payment_methods WHERE channel = 'pos' AND method NOT IN ('cash', 'card_terminal', 'free');
