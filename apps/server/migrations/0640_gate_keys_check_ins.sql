-- The entry gate (ADR 030).

-- Gate devices: a per-site key typed once into the scanner device. Only its SHA-256 is stored (the key is
-- 160 random bits, so a plain digest is enough); revoking sets revoked_at and the key stops at once for
-- admissions (checked inside the check-in statement) and within 10 s for reads (per-process cache).
CREATE TABLE gate_keys (
  id          bigserial PRIMARY KEY,
  site_code   text NOT NULL REFERENCES sites(code),
  label       text NOT NULL,
  key_hash    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  last_used_at timestamptz,
  -- Per site: the demo key (README) is the same on every demo site.
  UNIQUE (site_code, key_hash)
);
CREATE INDEX gate_keys_site_idx ON gate_keys (site_code) WHERE revoked_at IS NULL;

-- The entry window per product, in minutes around the visited slot: it opens `entry_opens_minutes_before`
-- the slot starts and closes `entry_closes_minutes_after` it ends. NULL leaves that side open (every existing
-- and demo product: a ticket admits on any day until it is used), so staff choose a window per product.
ALTER TABLE products ADD COLUMN entry_opens_minutes_before integer CHECK (entry_opens_minutes_before >= 0);
ALTER TABLE products ADD COLUMN entry_closes_minutes_after integer CHECK (entry_closes_minutes_after >= 0);

-- One row per check-in request a gate made (online, or replayed from its offline queue). The nonce makes a
-- retried request answer what the first one answered.
CREATE TABLE check_ins (
  id            bigserial PRIMARY KEY,
  gate_key_id   bigint NOT NULL REFERENCES gate_keys(id),
  nonce         text NOT NULL,
  ticket_id     bigint REFERENCES tickets(id) ON DELETE SET NULL,
  mode          text NOT NULL CHECK (mode IN ('gate', 'set')),
  method        text NOT NULL CHECK (method IN ('read_qr', 'tap_ticket')),
  result        text NOT NULL CHECK (result IN ('success', 'used', 'invalid_time', 'invalid')),
  -- The answer as first given (replayed verbatim for the same nonce).
  answer        jsonb NOT NULL,
  -- Offline replays: when the gate admitted the visitor without the server, and whether that visitor had
  -- already been admitted elsewhere (reported to staff as "admitted twice").
  offline_at    timestamptz,
  admitted_twice boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (gate_key_id, nonce)
);
CREATE INDEX check_ins_ticket_idx ON check_ins (ticket_id);
