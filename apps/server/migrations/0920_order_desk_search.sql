-- The console's order search (issue 29, ADR 078): each search key is answered from an index, within the
-- site, so a desk search stays fast on a site with a few million orders.

-- A value of an order's customer_info (a JSON array of {key, value}, spec §5) by its key. IMMUTABLE (it reads
-- nothing but its arguments), so indexes can use it; the search uses the same expressions.
CREATE FUNCTION order_customer_value(info jsonb, field text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN (SELECT e ->> 'value' FROM jsonb_array_elements(info) e WHERE e ->> 'key' = field LIMIT 1);

-- A phone number as digits only: staff type 090-1234-5678, 09012345678 or +81 90 ... alike.
CREATE FUNCTION order_customer_phone_digits(info jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN regexp_replace(order_customer_value(info, 'phone'), '[^0-9]', '', 'g');

-- The list, newest first, of one site.
CREATE INDEX orders_site_newest_idx ON orders (site_code, id DESC);
-- Purchase dates of a site.
CREATE INDEX orders_site_created_idx ON orders (site_code, created_at);
-- E-mail and phone, exact (case-insensitive e-mail).
CREATE INDEX orders_site_email_idx ON orders (site_code, lower(order_customer_value(customer_info, 'email')));
CREATE INDEX orders_site_phone_idx ON orders (site_code, order_customer_phone_digits(customer_info));
-- The name by its beginning (no extension needed) ...
CREATE INDEX orders_site_name_prefix_idx
  ON orders (site_code, lower(order_customer_value(customer_info, 'fullname')) text_pattern_ops);
-- ... and anywhere in it when pg_trgm can be installed (a trusted extension since PostgreSQL 13: the
-- database owner may create it; the embedded server ships it). Without it the search still answers a part
-- of a name, by scanning the site's orders.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXECUTE 'CREATE INDEX orders_name_trgm_idx ON orders
             USING gin (lower(order_customer_value(customer_info, ''fullname'')) gin_trgm_ops)';
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm is not available: the order search finds names by a full scan of the site';
END $$;

-- A reservation's mails (the purchase mail, the ticket link, a change of date's mail) name its number.
CREATE INDEX mail_outbox_reservation_number_idx ON mail_outbox (site_code, (payload ->> 'reservationNumber'))
  WHERE payload ? 'reservationNumber';
-- Changes of date from an order (the page links the order before and after a change).
CREATE INDEX time_changes_from_order_idx ON time_changes (from_order_id);
