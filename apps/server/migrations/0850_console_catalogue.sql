-- The console's catalogue (issue 28, ADR 068): products are published, drafts and retired ones are not shown
-- or sold to visitors; every editable catalogue row carries a version for the console's conflict check.

-- Existing products were all on sale: they stay published. The console creates drafts explicitly.
ALTER TABLE products
  ADD COLUMN status text NOT NULL DEFAULT 'published'
    CHECK (status IN ('draft', 'published', 'retired')),
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE option_values ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE set_products ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE membership_promotions ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);

-- "Is this ticket type / set product sold already?" (removal is refused once an order has it).
CREATE INDEX IF NOT EXISTS order_lines_option_value_idx ON order_lines (option_value_id);
CREATE INDEX IF NOT EXISTS order_set_products_set_product_idx ON order_set_products (set_product_id);
