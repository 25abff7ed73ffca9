-- Change of date (ADR 029). A reservation holder moves their tickets to another slot by themselves and pays
-- any difference. A pending change holds the new slot's stock as an ordinary temporary order (taken by the one
-- stock holder, expired and given back by the one sweeper); completing it turns that order into the
-- reservation's order and marks the old one `changed`.

-- Rules per product: whether a visitor may change the date, until how many minutes before the booked slot
-- starts, and which other products (same site, same group) a change may move to; null group: its own slots.
ALTER TABLE products ADD COLUMN date_changeable boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN date_change_until_minutes integer NOT NULL DEFAULT 0
  CHECK (date_change_until_minutes >= 0);
ALTER TABLE products ADD COLUMN date_change_group text;

-- An order whose reservation moved to another order (the pending change's) by a change of date.
ALTER TABLE orders DROP CONSTRAINT orders_status_known;
ALTER TABLE orders ADD CONSTRAINT orders_status_known CHECK (
  status IN ('holding', 'ready_checkout', 'paying', 'reserved', 'expired', 'cancelled', 'refunded', 'changed')
);

CREATE TABLE time_changes (
  id                  bigserial PRIMARY KEY,
  -- 128-bit random, URL-safe: names the change in the change-date screens' paths.
  timechange_token    text NOT NULL UNIQUE,
  site_code           text NOT NULL REFERENCES sites(code),
  reservation_id      bigint NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  -- The reservation's order when the change was asked (the one a completed change marks `changed`).
  from_order_id       bigint NOT NULL REFERENCES orders(id),
  -- The temporary order that holds the new slot's stock and carries the top-up payment.
  order_id            bigint NOT NULL UNIQUE REFERENCES orders(id),
  from_time_span_id   bigint NOT NULL REFERENCES time_spans(id),
  to_time_span_id     bigint NOT NULL REFERENCES time_spans(id),
  -- Gross prices (ticket types and add-ons) before and after; the difference may be negative.
  old_price           bigint NOT NULL CHECK (old_price >= 0),
  new_price           bigint NOT NULL CHECK (new_price >= 0),
  price_difference    bigint NOT NULL GENERATED ALWAYS AS (new_price - old_price) STORED,
  -- What the visitor pays: the difference when it is positive, else nothing (the site's policy: no refund).
  top_up              bigint NOT NULL GENERATED ALWAYS AS (GREATEST(new_price - old_price, 0)) STORED,
  status              text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'done', 'expired', 'cancelled')),
  expires_at          timestamptz NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  completed_at        timestamptz
);
-- One pending change per reservation: the database refuses a second (`waiting time change exists`).
CREATE UNIQUE INDEX time_changes_one_pending_uidx ON time_changes (reservation_id) WHERE status = 'pending';
CREATE INDEX time_changes_reservation_idx ON time_changes (reservation_id, id);

-- The mail that tells the holder their new date.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link', 'date_changed'));
