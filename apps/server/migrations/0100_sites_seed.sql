-- Natural keys that let the demo seed upsert instead of duplicating rows on every start,
-- and the localized names of the payment methods served by GET /paymentmethods.

-- One slot per product and start time: re-seeding only adds the days that are missing.
CREATE UNIQUE INDEX time_spans_product_start_uidx ON time_spans (product_id, starts_at);

-- Ticket types are addressed by their position within a product.
CREATE UNIQUE INDEX option_values_product_position_uidx ON option_values (product_id, position);

-- Display name of a payment method in every language (the same on every site and channel).
CREATE TABLE payment_method_types (
  method  text PRIMARY KEY,
  names   jsonb NOT NULL
);

-- The unique index above serves every lookup the plain one did.
DROP INDEX IF EXISTS time_spans_product_start_idx;
