-- Refunds sent to gateways whose refund call takes no key of ours (GMO-PG's AlterTran/ChangeTran and
-- wallet cancels, SoftBank Payment Service's cancel/refund), ADR 077. One row per refund key, written
-- before the call with the gateway's remaining amount as it was read just then: a second call with the same
-- key answers from the row (done) or asks the gateway again and compares (an answer lost on the way back),
-- so the same key never gives money back twice. Gateways that dedupe by key themselves (Stripe, d払い)
-- need no row.
CREATE TABLE gateway_refund_calls (
  refund_key         text PRIMARY KEY,
  payment_id         bigint NOT NULL REFERENCES payments (id),
  amount             bigint NOT NULL CHECK (amount > 0),
  remaining_before   bigint NOT NULL CHECK (remaining_before >= 0),
  provider_reference text,
  done_at            timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateway_refund_calls_payment_idx ON gateway_refund_calls (payment_id);
