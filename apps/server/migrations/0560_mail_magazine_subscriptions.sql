-- Mail-magazine subscriptions (ADR 022): one row per site and e-mail address that opted in on an order
-- form, with the two spec fields (mail_magazine, teamlab_mail_magazine) and the token of the unsubscribe
-- link every marketing-capable mail carries (`/mail-release/{token}`).
CREATE TABLE mail_magazine_subscriptions (
  id                     bigserial PRIMARY KEY,
  site_code              text NOT NULL REFERENCES sites(code),
  email                  text NOT NULL CHECK (email <> ''),
  -- 128-bit random, URL-safe: whoever holds the link may switch the magazines off, nothing more.
  token                  text NOT NULL UNIQUE,
  mail_magazine          boolean NOT NULL DEFAULT false,
  teamlab_mail_magazine  boolean NOT NULL DEFAULT false,
  -- The reservation whose order form last set the fields (consent record; kept when it is deleted).
  reservation_id         bigint REFERENCES reservations(id) ON DELETE SET NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
-- One subscription per address and site, whatever the letter case: a later order updates it.
CREATE UNIQUE INDEX mail_magazine_subscriptions_address_uidx
  ON mail_magazine_subscriptions (site_code, lower(email));
