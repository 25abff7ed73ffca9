-- Refunds by amount (ADR 077): what each simulated gateway has given back of a payment, so a part can be
-- refunded and more than remains refused; d払い's refunds by the merchant's refund id, so the same id never
-- gives back twice (GMO-PG's trades keep their remaining amount in `amount`, as ChangeTran does).
ALTER TABLE gateway_sim.sbps_transactions
  ADD COLUMN IF NOT EXISTS refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0);
ALTER TABLE gateway_sim.dpay_payments
  ADD COLUMN IF NOT EXISTS refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0);

CREATE TABLE IF NOT EXISTS gateway_sim.dpay_refunds (
  refund_id  text PRIMARY KEY,
  order_ref  text NOT NULL REFERENCES gateway_sim.dpay_payments (order_ref),
  amount     bigint NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
