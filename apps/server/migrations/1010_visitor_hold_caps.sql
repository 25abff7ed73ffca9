-- Hold caps per visitor, not per address (issue 31, ADR 094).

-- orders.client_key now holds the visitor's key when the request carried a valid visitor id, else (as
-- before) the address's; address_key always holds the address's, so the whole address has a ceiling too:
-- a flood of fresh visitor ids from one address cannot take a slot.
ALTER TABLE orders ADD COLUMN address_key text;
-- The hold counts an address's open orders by this index, in the same read as the slot's stock.
CREATE INDEX orders_open_by_address_idx ON orders (address_key, time_span_id)
  WHERE status IN ('holding', 'ready_checkout') AND address_key IS NOT NULL;

-- The ceiling of one address, all its visitors together: far above one visitor's caps (5 open orders, 20
-- tickets a slot), so 50 guests of a hotel each holding two tickets pass. NULL means no ceiling.
ALTER TABLE sites
  ADD COLUMN max_open_orders_per_address integer DEFAULT 100 CHECK (max_open_orders_per_address >= 1),
  ADD COLUMN max_tickets_per_address_slot integer DEFAULT 400 CHECK (max_tickets_per_address_slot >= 1);
