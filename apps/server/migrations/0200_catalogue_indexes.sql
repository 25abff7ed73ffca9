-- Read-path indexes for the catalogue and stock calls.
-- (Slots per product over starts_at and ticket types per product already have indexes from 0001/0100.)

-- Set-product search goes from a main product to its add-ons; the primary key leads with the add-on.
CREATE INDEX IF NOT EXISTS set_product_links_product_idx ON set_product_links (product_id, set_product_id);
