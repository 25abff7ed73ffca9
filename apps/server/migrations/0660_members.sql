-- Membership login (issue 11, ADR 032): members of a site, the site's member promotion, and the member an
-- order is tied to with the discount fixed at login (so checkout, the receipt and the mail agree).

CREATE TABLE membership_promotions (
  site_code        text PRIMARY KEY REFERENCES sites(code) ON DELETE CASCADE,
  names            jsonb NOT NULL,
  discount_percent integer NOT NULL CHECK (discount_percent BETWEEN 0 AND 100)
);

CREATE TABLE members (
  id            bigserial PRIMARY KEY,
  site_code     text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  -- Stored lower-cased and trimmed: the login matches it exactly.
  email         text NOT NULL,
  -- scrypt$N$r$p$salt$hash (base64), domain/membership/password-hash.ts.
  password_hash text NOT NULL,
  name          text NOT NULL,
  resident_area text NOT NULL DEFAULT '',
  phone         text NOT NULL DEFAULT '',
  age           text NOT NULL DEFAULT '',
  gender        text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_code, email)
);

ALTER TABLE orders
  ADD COLUMN member_id bigint REFERENCES members(id) ON DELETE SET NULL,
  ADD COLUMN membership_discount bigint NOT NULL DEFAULT 0 CHECK (membership_discount >= 0),
  ADD COLUMN membership_promotion_names jsonb;
