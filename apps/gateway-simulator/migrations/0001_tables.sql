-- The simulators' state in the simulator's own schema (ADR 060), one table per thing a gateway keeps
-- (ADR 017, 026, 027, 028). Shared by every server process, as a real gateway's state is.
--
-- A database migrated before the simulator had a workspace holds these tables in public (the server's
-- migrations 0540–0620), maybe with a simulated payment in flight: they are moved here with their rows
-- (and renamed, the schema now saying "gateway_sim"). The server runs this before its own migrations, so
-- its 0760, which drops whatever is left of them in public, finds them gone. A database whose server
-- migrations stopped before 0620 (their last shape) keeps its old copies there for 0760 to drop, and gets
-- empty tables here.
CREATE SCHEMA IF NOT EXISTS gateway_sim;

DO $$
DECLARE
  pair record;
  last_shape boolean := false;
BEGIN
  -- Read only once it is known to exist (PL/pgSQL plans each statement when it first runs).
  IF to_regclass('public.schema_migrations') IS NOT NULL THEN
    SELECT EXISTS (SELECT 1 FROM public.schema_migrations WHERE name = '0620_stripe_and_dpay.sql')
      INTO last_shape;
  END IF;
  IF last_shape AND to_regclass('public.gateway_sim_transactions') IS NOT NULL THEN
    FOR pair IN
      SELECT * FROM (VALUES
        ('gateway_sim_card_tokens', 'gmo_card_tokens'),
        ('gateway_sim_transactions', 'gmo_transactions'),
        ('gateway_sim_sbps_transactions', 'sbps_transactions'),
        ('gateway_sim_stripe_payment_methods', 'stripe_payment_methods'),
        ('gateway_sim_stripe_payment_intents', 'stripe_payment_intents'),
        ('gateway_sim_stripe_idempotency', 'stripe_idempotency'),
        ('gateway_sim_stripe_refunds', 'stripe_refunds'),
        ('gateway_sim_dpay_codes', 'dpay_codes'),
        ('gateway_sim_dpay_payments', 'dpay_payments')
      ) AS tables (old_name, new_name)
    LOOP
      EXECUTE format('ALTER TABLE public.%I SET SCHEMA gateway_sim', pair.old_name);
      EXECUTE format('ALTER TABLE gateway_sim.%I RENAME TO %I', pair.old_name, pair.new_name);
    END LOOP;
  END IF;
END
$$;

-- GMO-PG (ADR 017, 026): card tokens from the token script, and trades (cards and wallets).
CREATE TABLE IF NOT EXISTS gateway_sim.gmo_card_tokens (
  token          text PRIMARY KEY,
  shop_id        text NOT NULL,
  behaviour      text NOT NULL,
  masked_card_no text NOT NULL,
  expire         text NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS gmo_card_tokens_expiry_idx ON gateway_sim.gmo_card_tokens (expires_at);

CREATE TABLE IF NOT EXISTS gateway_sim.gmo_transactions (
  access_id      text PRIMARY KEY,
  access_pass    text NOT NULL,
  shop_id        text NOT NULL,
  order_id       text NOT NULL,
  job_cd         text NOT NULL,
  amount         bigint NOT NULL CHECK (amount >= 0),
  tds_required   boolean NOT NULL DEFAULT false,
  status         text NOT NULL,
  behaviour      text,
  masked_card_no text,
  tran_id        text,
  approve        text,
  forward        text,
  err_info       text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  ret_url        text,
  tds_result     text CHECK (tds_result IN ('passed', 'failed')),
  pay_type       text NOT NULL DEFAULT 'card' CHECK (pay_type IN ('card', 'paypay', 'alipay')),
  start_token    text,
  UNIQUE (shop_id, order_id)
);

-- SoftBank Payment Service's link type (ADR 027).
CREATE TABLE IF NOT EXISTS gateway_sim.sbps_transactions (
  tracking_id    text PRIMARY KEY,
  merchant_id    text NOT NULL,
  service_id     text NOT NULL,
  order_id       text NOT NULL,
  pay_method     text NOT NULL,
  amount         bigint NOT NULL CHECK (amount >= 0),
  request        jsonb NOT NULL,
  status         text NOT NULL DEFAULT 'waiting',
  err_code       text,
  masked_card_no text,
  behaviour      text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, service_id, order_id)
);

-- Stripe (ADR 028).
CREATE TABLE IF NOT EXISTS gateway_sim.stripe_payment_methods (
  id         text PRIMARY KEY,
  behaviour  text NOT NULL,
  brand      text NOT NULL,
  last4      text NOT NULL,
  exp_month  integer NOT NULL,
  exp_year   integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS gateway_sim.stripe_payment_intents (
  id              text PRIMARY KEY,
  client_secret   text NOT NULL,
  amount          bigint NOT NULL CHECK (amount >= 0),
  currency        text NOT NULL,
  status          text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation',
                    'requires_action', 'processing', 'succeeded', 'canceled')),
  payment_method  text REFERENCES gateway_sim.stripe_payment_methods (id),
  return_url      text,
  metadata        jsonb NOT NULL DEFAULT '{}',
  last_error      jsonb,
  amount_refunded bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS stripe_pi_metadata_idx ON gateway_sim.stripe_payment_intents USING gin (metadata);

CREATE TABLE IF NOT EXISTS gateway_sim.stripe_idempotency (
  key        text PRIMARY KEY,
  path       text NOT NULL,
  status     integer,
  body       jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS gateway_sim.stripe_refunds (
  id             text PRIMARY KEY,
  payment_intent text NOT NULL REFERENCES gateway_sim.stripe_payment_intents (id),
  amount         bigint NOT NULL,
  status         text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- d払い (ADR 028): the carrier login's codes and the payments.
CREATE TABLE IF NOT EXISTS gateway_sim.dpay_codes (
  code         text PRIMARY KEY,
  client_id    text NOT NULL,
  redirect_uri text NOT NULL,
  nonce        text NOT NULL,
  account      text NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS gateway_sim.dpay_payments (
  cptok      text PRIMARY KEY,
  order_ref  text NOT NULL UNIQUE,
  terkn      text NOT NULL,
  spcd       text NOT NULL,
  amount     bigint NOT NULL CHECK (amount >= 0),
  account    text NOT NULL,
  return_url text NOT NULL,
  status     text NOT NULL CHECK (status IN ('created', 'paid', 'declined', 'canceled', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
