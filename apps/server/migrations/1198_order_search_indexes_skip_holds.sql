-- The order search's customer indexes (migration 0920) leave out orders without customer details
-- (2026-11-30, session 22, ADR 078 addendum). A hold is inserted with customer_info '[]' and most holds of a
-- sales opening expire without a form; each still paid four SQL-function evaluations and four index entries
-- (a multi-order hold statement's insert into orders took 37 % less time without them, measured with
-- pgbench). A '[]' order has no e-mail, phone or name, so no search ever found it through these indexes; the
-- search's statements carry the same condition (order-search.ts), which lets the planner use them.
DROP INDEX orders_site_email_idx;
CREATE INDEX orders_site_email_idx ON orders (site_code, lower(order_customer_value(customer_info, 'email')))
  WHERE customer_info <> '[]'::jsonb;
DROP INDEX orders_site_phone_idx;
CREATE INDEX orders_site_phone_idx ON orders (site_code, order_customer_phone_digits(customer_info))
  WHERE customer_info <> '[]'::jsonb;
DROP INDEX orders_site_name_prefix_idx;
CREATE INDEX orders_site_name_prefix_idx
  ON orders (site_code, lower(order_customer_value(customer_info, 'fullname')) text_pattern_ops)
  WHERE customer_info <> '[]'::jsonb;
-- Only where pg_trgm was available (0920 made it then).
DO $$
BEGIN
  IF to_regclass('orders_name_trgm_idx') IS NOT NULL THEN
    DROP INDEX orders_name_trgm_idx;
    EXECUTE 'CREATE INDEX orders_name_trgm_idx ON orders
               USING gin (lower(order_customer_value(customer_info, ''fullname'')) gin_trgm_ops)
               WHERE customer_info <> ''[]''::jsonb';
  END IF;
END $$;
