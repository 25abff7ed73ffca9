-- Checkout (ADR 017, 018): one payment row per attempt, the reservation a paid order becomes, one ticket per
-- admitted person, and the gateway simulator's own state (card tokens, transactions).

CREATE TABLE payments (
  id                  bigserial PRIMARY KEY,
  order_id            bigint NOT NULL REFERENCES orders(id),
  site_code           text NOT NULL REFERENCES sites(code),
  method              text NOT NULL,
  amount              bigint NOT NULL CHECK (amount >= 0),
  currency            text NOT NULL DEFAULT 'JPY',
  -- created: row written, gateway not answered yet; pending: the gateway waits for the browser (redirect,
  -- challenge); confirmed: money taken; failed: declined or never taken; canceled: the visitor gave up at
  -- the gateway; refunded: money given back.
  status              text NOT NULL DEFAULT 'created'
                      CHECK (status IN ('created', 'pending', 'confirmed', 'failed', 'canceled', 'refunded')),
  -- Our public reference of the attempt (the spec's payment_number, carried through gateway redirects).
  payment_number      text NOT NULL UNIQUE,
  -- Sent to the gateway as its order id / idempotency key, before the gateway is called: a retried or
  -- reconciled call can never become a second charge.
  idempotency_key     text NOT NULL UNIQUE,
  -- The gateway's id of the transaction (GMO AccessID, Stripe PaymentIntent id, ...); null until known.
  provider_reference  text UNIQUE,
  -- Where the browser goes while the attempt is pending (3-D Secure, wallet approval).
  redirect_url        text,
  masked_card_number  text,
  failure_code        text,
  -- Raw request/answer summaries of every gateway exchange, for support and reconciliation.
  provider_events     jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(provider_events) = 'array'),
  -- A refund that failed: the money is still taken, the order is not reserved; staff must act.
  refund_failed_at    timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  confirmed_at        timestamptz
);
CREATE INDEX payments_order_idx ON payments (order_id, id);
-- At most one attempt in flight and at most one charge kept per order: the database refuses a second.
CREATE UNIQUE INDEX payments_one_in_flight_uidx ON payments (order_id) WHERE status IN ('created', 'pending');
CREATE UNIQUE INDEX payments_one_confirmed_uidx ON payments (order_id) WHERE status = 'confirmed';
CREATE INDEX payments_refund_failed_idx ON payments (refund_failed_at) WHERE refund_failed_at IS NOT NULL;

CREATE TABLE reservations (
  id                  bigserial PRIMARY KEY,
  -- 128-bit random, URL-safe: the ticket page's address.
  reservation_token   text NOT NULL UNIQUE,
  -- Short and human (10 characters of an unambiguous alphabet): printed, read out, typed into the inquiry.
  reservation_number  text NOT NULL UNIQUE,
  order_id            bigint NOT NULL UNIQUE REFERENCES orders(id),
  site_code           text NOT NULL REFERENCES sites(code),
  email               text NOT NULL,
  lang                text NOT NULL,
  status              text NOT NULL DEFAULT 'reserved' CHECK (status IN ('reserved', 'cancelled', 'refunded')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- The reservation inquiry: e-mail and number within a site.
CREATE INDEX reservations_inquiry_idx ON reservations (site_code, reservation_number, lower(email));

CREATE TABLE tickets (
  id               bigserial PRIMARY KEY,
  reservation_id   bigint NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  -- The ticket type (adult, child, ...).
  option_value_id  integer NOT NULL REFERENCES option_values(id),
  sequence         integer NOT NULL CHECK (sequence > 0),
  status           text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'used', 'void')),
  -- What the QR code's signature covers; a new secret (a moved ticket) makes every older code fail.
  secret           text NOT NULL,
  checked_in_at    timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reservation_id, sequence)
);

-- The gateway simulator (GMO-PG shapes). Only test card behaviours are kept, never a card number.
CREATE TABLE gateway_sim_card_tokens (
  token           text PRIMARY KEY,
  shop_id         text NOT NULL,
  behaviour       text NOT NULL,
  masked_card_no  text NOT NULL,
  expire          text NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateway_sim_card_tokens_expiry_idx ON gateway_sim_card_tokens (expires_at);

CREATE TABLE gateway_sim_transactions (
  access_id       text PRIMARY KEY,
  access_pass     text NOT NULL,
  shop_id         text NOT NULL,
  -- The merchant's OrderID (our idempotency key): unique per shop, as at the real gateway.
  order_id        text NOT NULL,
  job_cd          text NOT NULL,
  amount          bigint NOT NULL CHECK (amount >= 0),
  tds_required    boolean NOT NULL DEFAULT false,
  -- UNPROCESSED (entered), AUTHENTICATED (3-D Secure pending), CAPTURE / AUTH (taken), VOID, RETURN.
  status          text NOT NULL,
  behaviour       text,
  masked_card_no  text,
  tran_id         text,
  approve         text,
  forward         text,
  err_info        text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, order_id)
);
