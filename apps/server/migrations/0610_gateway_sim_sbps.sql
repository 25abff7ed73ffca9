-- The gateway simulator's SoftBank Payment Service state (ADR 027): one row per link-type purchase, as the
-- gateway keeps it. Shared by every server process, like gateway_sim_transactions.
CREATE TABLE gateway_sim_sbps_transactions (
  tracking_id     text PRIMARY KEY,
  merchant_id     text NOT NULL,
  service_id      text NOT NULL,
  -- The merchant's order_id (our idempotency key): one payment per order_id, as at the real gateway.
  order_id        text NOT NULL,
  pay_method      text NOT NULL,
  amount          bigint NOT NULL CHECK (amount >= 0),
  -- The purchase request as received (signed fields, no card data): the result echoes it.
  request         jsonb NOT NULL,
  -- waiting (on the gateway's pages), challenge (3-D Secure), paid, refused, cancelled, refunded.
  status          text NOT NULL DEFAULT 'waiting',
  err_code        text,
  masked_card_no  text,
  -- The visitor's behaviour (test card or wallet button) that decided the outcome.
  behaviour       text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, service_id, order_id)
);
