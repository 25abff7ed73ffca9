-- The waiting room for on-sale rushes (issue 31, ADR 095). Everything in PostgreSQL: every server process
-- shares one queue per product, and a restart loses no place.

-- The operator's switch per product (the console's catalogue screens): a queue is in force while enabled;
-- admission starts at opens_at (NULL = at once); admit_per_minute NULL = automatic (ADR 095).
ALTER TABLE products
  ADD COLUMN waiting_room_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN waiting_room_opens_at timestamptz,
  ADD COLUMN waiting_room_admit_per_minute integer CHECK (waiting_room_admit_per_minute BETWEEN 1 AND 100000);
-- The gate's one query a second per process reads the enabled products by this index.
CREATE INDEX products_waiting_room_idx ON products (id) WHERE waiting_room_enabled;

-- One run of a product's queue: from when it came in force until it ended (the operator switched it off, or
-- an automatic queue cooled down empty). At most one open run per product.
CREATE TABLE waiting_room_queues (
  id               bigserial PRIMARY KEY,
  product_id       integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  site_code        text NOT NULL REFERENCES sites(code),
  product_uuid     uuid NOT NULL,
  reason           text NOT NULL CHECK (reason IN ('operator', 'automatic')),
  in_force_from    timestamptz NOT NULL DEFAULT now(),
  -- An automatic queue's cooling period ends here (extended while pressure lasts); NULL for the operator's.
  in_force_until   timestamptz,
  ended_at         timestamptz,
  -- Positions are handed out in order (1, 2, ...); everyone at or below admitted_through was admitted.
  last_position    bigint NOT NULL DEFAULT 0,
  admitted_through bigint NOT NULL DEFAULT 0 CHECK (admitted_through <= last_position),
  -- Admission's rate budget in thousandths of an admission, earned since last_admission_at, spent as whole ones.
  admission_credit_milli bigint NOT NULL DEFAULT 0,
  last_admission_at timestamptz NOT NULL DEFAULT now(),
  -- Set while nothing is left to sell (everyone waiting is told); cleared if seats return (ADR 095).
  sold_out_at      timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX waiting_room_queues_open_idx ON waiting_room_queues (product_id) WHERE ended_at IS NULL;

-- A place in a queue. state: waiting -> admitted -> used (its one hold) | expired (did not hold in time).
CREATE TABLE waiting_room_entries (
  id             bigserial PRIMARY KEY,
  queue_id       bigint NOT NULL REFERENCES waiting_room_queues(id) ON DELETE CASCADE,
  position       bigint NOT NULL,
  -- The visitor id (plugins/visitor-id.ts) when the request had one: a second join answers this place.
  visitor_key    text,
  state          text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'admitted', 'used', 'expired')),
  joined_at      timestamptz NOT NULL DEFAULT now(),
  admitted_at    timestamptz,
  admitted_until timestamptz,
  used_at        timestamptz,
  -- The order its admission held (no foreign key: orders are purged on their own schedule).
  used_by_order  bigint,
  UNIQUE (queue_id, position)
);
CREATE UNIQUE INDEX waiting_room_entries_visitor_idx ON waiting_room_entries (queue_id, visitor_key)
  WHERE visitor_key IS NOT NULL AND state IN ('waiting', 'admitted');
-- Expiry reads the admitted entries of a queue by their deadline.
CREATE INDEX waiting_room_entries_admitted_idx ON waiting_room_entries (queue_id, admitted_until)
  WHERE state = 'admitted';
