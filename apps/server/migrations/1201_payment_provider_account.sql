-- The account a payment attempt was made in (2026-12-01, ADR 127): for Stripe the account's id (`acct_…`, from
-- GET /v1/account once per key), or `key_` and a hash of the secret key where the key may not read its
-- account; written before the PaymentIntent is created, so every later call (status, 3-D Secure return,
-- webhook, refund) goes to that account even after the venue changes keys. NULL: made before this migration
-- (or by a family that keeps one account per site), which keeps the site's current account. Never a secret:
-- a key-shaped value is refused.
ALTER TABLE payments ADD COLUMN provider_account text
  CONSTRAINT payments_provider_account_not_a_key
    CHECK (provider_account ~ '^[A-Za-z0-9_]{1,64}$' AND provider_account !~ '^(sk|rk|pk|whsec)_');
