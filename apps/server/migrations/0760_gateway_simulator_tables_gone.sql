-- The gateway simulator keeps its tables in its own schema, gateway_sim, with its own migrations
-- (apps/gateway-simulator, ADR 060). Where it runs, it has moved these nine (with their rows) before the
-- server's migrations start; what is left here is a database it never ran on (production) or an old copy.
DROP TABLE IF EXISTS
  gateway_sim_stripe_refunds,
  gateway_sim_stripe_payment_intents,
  gateway_sim_stripe_payment_methods,
  gateway_sim_stripe_idempotency,
  gateway_sim_dpay_codes,
  gateway_sim_dpay_payments,
  gateway_sim_sbps_transactions,
  gateway_sim_card_tokens,
  gateway_sim_transactions;
