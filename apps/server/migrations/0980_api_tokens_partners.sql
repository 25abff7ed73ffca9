-- API tokens, partners and on-account payment (issue 30, ADR 088).

-- A partner: a travel agency (channel OTA) of the organisation, selling its allotments through the partner API
-- with API tokens of its own, paying the organisation on account at a net price per ticket type.
CREATE TABLE partners (
  id               bigserial PRIMARY KEY,
  organisation_id  bigint NOT NULL REFERENCES organisations(id),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  contact_name     text NOT NULL DEFAULT '' CHECK (length(contact_name) <= 200),
  contact_email    text NOT NULL DEFAULT '' CHECK (length(contact_email) <= 254),
  -- true: Kippu mails the partner's customers their tickets as it mails web visitors; false: the partner hands
  -- the tickets (QR payloads read through the partner API) to its customers itself.
  mails_customers  boolean NOT NULL DEFAULT false,
  -- An inactive partner's tokens authenticate nothing (api_tokens of an inactive partner are refused).
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, name)
);

-- What the partner owes per ticket sold (integer yen). Never 0: an on-account sale always leaves a debt; a
-- ticket type without a row is not sold to the partner at all.
CREATE TABLE partner_net_prices (
  partner_id      bigint NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  ticket_type_id  integer NOT NULL REFERENCES option_values(id) ON DELETE CASCADE,
  net_price_yen   integer NOT NULL CHECK (net_price_yen > 0),
  PRIMARY KEY (partner_id, ticket_type_id)
);
CREATE INDEX partner_net_prices_ticket_type_idx ON partner_net_prices (ticket_type_id);

-- An API token (ADR 088): `kpt_<prefix>_<secret>`, shown once; only the SHA-256 of the whole token is kept
-- (the token carries 256 random bits, so a fast digest is enough; nothing can be guessed from it). Scoped like
-- a role: a level per permission area (`permissions`, as a role's) and the sites (NULL = every site of the
-- organisation); never more than its creator had when it was made. A partner's token has partner_id.
CREATE TABLE api_tokens (
  id               bigserial PRIMARY KEY,
  organisation_id  bigint NOT NULL REFERENCES organisations(id),
  partner_id       bigint REFERENCES partners(id),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  token_hash       text NOT NULL UNIQUE,
  -- Public, shown in lists and logs to tell tokens apart: the token's second part.
  prefix           text NOT NULL UNIQUE CHECK (prefix ~ '^[a-z0-9]{8}$'),
  permissions      jsonb NOT NULL CHECK (jsonb_typeof(permissions) = 'object'),
  site_codes       text[],
  expires_at       timestamptz NOT NULL,
  last_used_at     timestamptz,
  revoked_at       timestamptz,
  revoked_by       bigint REFERENCES staff(id),
  created_by       bigint REFERENCES staff(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (expires_at > created_at),
  CHECK (site_codes IS NULL OR cardinality(site_codes) >= 1)
);
CREATE INDEX api_tokens_organisation_idx ON api_tokens (organisation_id, id DESC);
CREATE INDEX api_tokens_partner_idx ON api_tokens (partner_id) WHERE partner_id IS NOT NULL;

-- The per-token rate limit (ADR 088): requests counted per token and minute in PostgreSQL, so every server
-- process shares one count (an upsert's row lock makes the count exact under concurrency). Old rows are
-- pruned by the counting itself.
CREATE TABLE api_token_request_counts (
  token_id      bigint NOT NULL REFERENCES api_tokens(id) ON DELETE CASCADE,
  window_start  timestamptz NOT NULL,
  requests      integer NOT NULL CHECK (requests >= 0),
  PRIMARY KEY (token_id, window_start)
);
CREATE INDEX api_token_request_counts_window_idx ON api_token_request_counts (window_start);

-- The partner an OTA order was sold by (set by partner bookings).
ALTER TABLE orders ADD COLUMN partner_id bigint REFERENCES partners(id);
CREATE INDEX orders_partner_idx ON orders (partner_id, created_at) WHERE partner_id IS NOT NULL;

-- Calls made with an API token are audited with the token as the actor.
ALTER TABLE audit_events ADD COLUMN actor_token_id bigint;
ALTER TABLE audit_events DROP CONSTRAINT audit_events_actor_kind_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_kind_check
  CHECK (actor_kind IN ('staff', 'device', 'system', 'visitor', 'token'));
ALTER TABLE audit_events ADD CONSTRAINT audit_events_token_actor_check
  CHECK (actor_kind <> 'token' OR actor_token_id IS NOT NULL);
CREATE INDEX audit_events_token_idx ON audit_events (actor_token_id, at DESC) WHERE actor_token_id IS NOT NULL;

-- The append-only rule again, now with actor_token_id among the columns an erasure must leave as they were.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.personal_data IS NULL AND OLD.personal_data IS NOT NULL
     AND (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_staff_id, OLD.actor_device_id, OLD.actor_token_id,
          OLD.actor_label, OLD.organisation_id, OLD.site_code, OLD.object_type, OLD.object_id, OLD.action,
          OLD.before, OLD.after, OLD.personal_subject, OLD.client_address, OLD.user_agent)
     IS NOT DISTINCT FROM
         (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_staff_id, NEW.actor_device_id, NEW.actor_token_id,
          NEW.actor_label, NEW.organisation_id, NEW.site_code, NEW.object_type, NEW.object_id, NEW.action,
          NEW.before, NEW.after, NEW.personal_subject, NEW.client_address, NEW.user_agent) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
