-- The console's operations (issue 27, ADR 066): visitors' invitations can be revoked, and the dashboard's
-- reads are index-backed.

-- A revoked invitation's link answers as an unknown one; its row stays for the list and the audit log.
ALTER TABLE invitations ADD COLUMN revoked_at timestamptz;
CREATE INDEX invitations_site_idx ON invitations (site_code, created_at DESC, id DESC);

-- Visitors expected per slot: the reserved orders of a slot.
CREATE INDEX orders_reserved_slot_idx ON orders (time_span_id) WHERE status = 'reserved';

-- Sold today: the orders that became reserved in a period.
CREATE INDEX order_events_reserved_at_idx ON order_events (created_at) WHERE to_status = 'reserved';

