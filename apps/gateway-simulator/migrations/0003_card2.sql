-- The second (and third) card processor (ADR 101): a token-then-charge acquirer in the shape of Midtrans's
-- and SBPS's token APIs. Card tokens from its token script (with whether its 3-D Secure script sent the
-- browser's device data for them), charges keyed by the merchant's order id, and the device sessions its
-- fraud-screening script profiled (/simulator/fingerprint.js).
CREATE TABLE IF NOT EXISTS gateway_sim.card2_tokens (
  token            text PRIMARY KEY,
  merchant_id      text NOT NULL,
  behaviour        text NOT NULL,
  masked_card_no   text NOT NULL,
  three_ds_method  boolean NOT NULL DEFAULT false,
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS card2_tokens_expiry_idx ON gateway_sim.card2_tokens (expires_at);

CREATE TABLE IF NOT EXISTS gateway_sim.card2_transactions (
  transaction_id    text PRIMARY KEY,
  merchant_id       text NOT NULL,
  service_id        text NOT NULL,
  order_id          text NOT NULL,
  amount            bigint NOT NULL CHECK (amount > 0),
  refunded_amount   bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  -- authenticating: a 3-D Secure challenge is open; authenticated: passed, waiting for the merchant's capture.
  status            text NOT NULL CHECK (status IN ('authenticating', 'authenticated', 'captured', 'declined', 'refunded')),
  decline_code      text,
  masked_card_no    text NOT NULL,
  three_ds          boolean NOT NULL,
  challenged        boolean NOT NULL DEFAULT false,
  return_url        text,
  device_session_id text,
  device_profiled   boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, order_id)
);

CREATE TABLE IF NOT EXISTS gateway_sim.card2_refunds (
  refund_key     text NOT NULL,
  transaction_id text NOT NULL REFERENCES gateway_sim.card2_transactions (transaction_id),
  amount         bigint NOT NULL CHECK (amount > 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (transaction_id, refund_key)
);

CREATE TABLE IF NOT EXISTS gateway_sim.device_sessions (
  session_id  text PRIMARY KEY,
  profiled_at timestamptz NOT NULL DEFAULT now(),
  user_agent  text
);
