-- Stripe and d払い (ADR 028): what Kippu keeps of a d払い authorisation, and the built-in simulator's state
-- for both gateways (shared by every server process, like gateway_sim_* of ADR 017).

-- One d払い authorisation per payment attempt: the OpenID-Connect-style state and nonce we sent to the
-- carrier, the authorisation code it returned, and the payment token (s_cptok) it issued for the attempt.
CREATE TABLE dpay_authorizations (
  payment_id      bigint PRIMARY KEY REFERENCES payments(id),
  -- Unguessable; the browser keeps it as dPayStateCode and the return must carry it back.
  state           text NOT NULL UNIQUE,
  nonce           text NOT NULL,
  code            text,
  authorized_at   timestamptz,
  payment_token   text UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Stripe simulator: PaymentMethods made by the Stripe.js-shaped script (never the card number: its test
-- behaviour and last four digits only).
CREATE TABLE gateway_sim_stripe_payment_methods (
  id              text PRIMARY KEY,
  behaviour       text NOT NULL,
  brand           text NOT NULL,
  last4           text NOT NULL,
  exp_month       integer NOT NULL,
  exp_year        integer NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gateway_sim_stripe_payment_intents (
  id              text PRIMARY KEY,
  client_secret   text NOT NULL,
  amount          bigint NOT NULL CHECK (amount >= 0),
  currency        text NOT NULL,
  -- Stripe's PaymentIntent statuses the simulator plays.
  status          text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation',
                    'requires_action', 'processing', 'succeeded', 'canceled')),
  payment_method  text REFERENCES gateway_sim_stripe_payment_methods(id),
  return_url      text,
  metadata        jsonb NOT NULL DEFAULT '{}',
  last_error      jsonb,
  amount_refunded bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateway_sim_stripe_pi_metadata_idx ON gateway_sim_stripe_payment_intents USING gin (metadata);

-- Stripe's idempotency: a POST repeated with the same Idempotency-Key answers the first answer again.
CREATE TABLE gateway_sim_stripe_idempotency (
  key             text PRIMARY KEY,
  path            text NOT NULL,
  status          integer,
  body            jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gateway_sim_stripe_refunds (
  id              text PRIMARY KEY,
  payment_intent  text NOT NULL REFERENCES gateway_sim_stripe_payment_intents(id),
  amount          bigint NOT NULL,
  status          text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- d払い simulator: authorisation codes from the carrier login page, and payments made with s_cptok.
CREATE TABLE gateway_sim_dpay_codes (
  code            text PRIMARY KEY,
  client_id       text NOT NULL,
  redirect_uri    text NOT NULL,
  nonce           text NOT NULL,
  -- The test account that logged in: decides what its payment does.
  account         text NOT NULL,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gateway_sim_dpay_payments (
  cptok           text PRIMARY KEY,
  -- The merchant's order id (our idempotency key): one payment per key, as at the real gateway.
  order_ref       text NOT NULL UNIQUE,
  terkn           text NOT NULL,
  spcd            text NOT NULL,
  amount          bigint NOT NULL CHECK (amount >= 0),
  account         text NOT NULL,
  return_url      text NOT NULL,
  status          text NOT NULL CHECK (status IN ('created', 'paid', 'declined', 'canceled', 'refunded')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
