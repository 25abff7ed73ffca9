-- Stripe accounts (server ADR 125): a PaymentIntent belongs to the account whose secret key created it, and
-- only that key sees it again (retrieve, search, refund), as at Stripe. `account` is the simulator's name for
-- the key (acct_ and a hash of it, never the key); NULL on intents made before accounts were told apart,
-- which every key still sees.
ALTER TABLE gateway_sim.stripe_payment_intents ADD COLUMN IF NOT EXISTS account text;
