-- Spot sales (issue 11, ADR 031): the QR code on a poster at the venue carries a token naming one product of
-- one site. Staff rotate it (`npm run spot-qr`): a rotation ends the product's earlier tokens at once, so a
-- photographed poster stops selling. A token past `expires_at` answers 'spot qrCode has expired'.
CREATE TABLE spot_qr_tokens (
  id          bigserial PRIMARY KEY,
  site_code   text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  -- 128-bit random, base64url (22 characters): the poster's `qr_token`.
  token       text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{16,64}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  CHECK (expires_at > created_at - interval '1 second')
);

-- The product's current token (the latest unexpired one) for the CLI and the seed.
CREATE INDEX spot_qr_tokens_product ON spot_qr_tokens (product_id, expires_at DESC);
