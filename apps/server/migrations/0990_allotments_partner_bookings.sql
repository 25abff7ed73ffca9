-- Allotments and partner bookings (issue 30, ADR 089, ADR 090).

-- A slot's seats reserved for partners (allotments not yet released, less what they sold) are counted in the
-- slot's own stock, inside the one CHECK: held + sold + allotted never exceeds capacity. Visitors' availability
-- and the web's hold count them as taken; only the stock module moves them (domain/stock/allotted-stock.ts).
ALTER TABLE time_spans ADD COLUMN allotted integer NOT NULL DEFAULT 0 CHECK (allotted >= 0);
ALTER TABLE time_spans DROP CONSTRAINT time_spans_never_oversold;
ALTER TABLE time_spans ADD CONSTRAINT time_spans_never_oversold CHECK (held + sold + allotted <= capacity);

-- One partner's allotment on one slot. While released_at is NULL, quantity - sold of it is in the slot's
-- `allotted`; the cut-off job (release_at) or a delete sets released_at once and gives that rest back to general
-- sale. `sold` counts the partner's live tickets taken from it (a hold that became a booking, or is becoming one).
CREATE TABLE allotments (
  id            bigserial PRIMARY KEY,
  site_code     text NOT NULL REFERENCES sites(code),
  partner_id    bigint NOT NULL REFERENCES partners(id),
  time_span_id  bigint NOT NULL REFERENCES time_spans(id) ON DELETE CASCADE,
  quantity      integer NOT NULL CHECK (quantity >= 0),
  sold          integer NOT NULL DEFAULT 0 CHECK (sold >= 0 AND sold <= quantity),
  release_at    timestamptz NOT NULL,
  released_at   timestamptz,
  created_by    bigint REFERENCES staff(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (partner_id, time_span_id)
);
CREATE INDEX allotments_site_span_idx ON allotments (site_code, time_span_id);
CREATE INDEX allotments_due_idx ON allotments (release_at) WHERE released_at IS NULL;

-- A partner's booking and its idempotency key (ADR 090): the key row is inserted in the transaction that holds
-- the booking's seats, so a concurrent request with the same key waits on the unique index and then finds the
-- booking; the same key with another body (request_hash) is refused.
CREATE TABLE partner_bookings (
  id               bigserial PRIMARY KEY,
  partner_id       bigint NOT NULL REFERENCES partners(id),
  idempotency_key  text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  request_hash     text NOT NULL,
  order_id         bigint NOT NULL UNIQUE REFERENCES orders(id),
  -- The allotment its seats came from; NULL: general sale.
  allotment_id     bigint REFERENCES allotments(id),
  customer_name    text NOT NULL,
  customer_email   text,
  reference        text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  cancelled_at     timestamptz,
  UNIQUE (partner_id, idempotency_key)
);
