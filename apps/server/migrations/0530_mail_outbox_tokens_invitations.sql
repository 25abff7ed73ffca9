-- Mail (ADR 016, 020): the outbox the worker sends from, the mail-confirmation tokens of temporary orders,
-- and the operator's invitations (invitation-only sites such as MORI).

CREATE TABLE mail_outbox (
  id               bigserial PRIMARY KEY,
  site_code        text NOT NULL REFERENCES sites(code),
  kind             text NOT NULL CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation')),
  to_address       text NOT NULL,
  lang             text NOT NULL,
  -- Everything the template needs, computed at queue time in the recipient's language.
  payload          jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
  -- pending: waits for the worker; sent: accepted by the SMTP server; stored: kept for the development
  -- mail page (no MAIL_URL); failed: gave up after the last attempt or on a permanent SMTP refusal.
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'stored', 'failed')),
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  message_id       text
);
-- The worker's scan: due pending rows, oldest first.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status = 'pending';
-- The development mail page lists the newest first.
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id DESC);

-- One row per mail-confirmation link sent for a temporary order (POST /ordermails). The link confirms the
-- address it was sent to; a newer link for the same order does not invalidate an older one.
CREATE TABLE mail_tokens (
  -- 128-bit random, URL-safe.
  token         text PRIMARY KEY,
  order_id      bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  site_code     text NOT NULL REFERENCES sites(code),
  email         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  confirmed_at  timestamptz
);
CREATE INDEX mail_tokens_order_idx ON mail_tokens (order_id);

-- An invitation (ADR 020): the operator chose the slot and the tickets; following the mailed link holds them
-- as a temporary order for the invited address. `order_id` is the latest order made from it (a new one is
-- made when that one expired).
CREATE TABLE invitations (
  id            bigserial PRIMARY KEY,
  -- 128-bit random, URL-safe; shares the link format (and GET /ordermails) with mail_tokens.
  token         text NOT NULL UNIQUE,
  site_code     text NOT NULL REFERENCES sites(code),
  email         text NOT NULL,
  lang          text NOT NULL,
  product_id    integer NOT NULL REFERENCES products(id),
  time_span_id  bigint NOT NULL REFERENCES time_spans(id),
  -- [{ "optionValueId": 12, "quantity": 2 }, ...]
  tickets       jsonb NOT NULL CHECK (jsonb_typeof(tickets) = 'array' AND jsonb_array_length(tickets) > 0),
  order_id      bigint REFERENCES orders(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
