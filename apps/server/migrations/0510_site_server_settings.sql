-- Settings a venue can trust (ADR 013, 014): values the server's SQL reads become typed columns of `sites`,
-- secrets get a table of their own, shared select lists become reference data, and demo ticket types get
-- a stable key instead of being found by their position.

-- A site code is data now (adding a venue needs no release); it is rendered into <body data-site> and the
-- slug into URLs, so both keep a safe shape. `tickets` is the default site's tickets sub-site.
ALTER TABLE sites
  ADD CONSTRAINT sites_code_format CHECK (code ~ '^[A-Z][A-Z0-9_]{1,39}$'),
  ADD CONSTRAINT sites_slug_format CHECK (slug ~ '^[a-z][a-z0-9-]{1,39}$' AND slug <> 'tickets'),
  -- NULL: the environment's HOLD_MINUTES applies.
  ADD COLUMN hold_minutes integer CHECK (hold_minutes BETWEEN 1 AND 120),
  -- A slot with at most this many tickets left is reported as few in stock.
  ADD COLUMN few_stock_threshold integer NOT NULL DEFAULT 0 CHECK (few_stock_threshold >= 0),
  -- Served to the browser as settings.calendar.colorized, and read by the calendar-colour query.
  ADD COLUMN calendar_colorized boolean NOT NULL DEFAULT false;

-- The old seed wrote holdMinutes 20 into every site, which hid HOLD_MINUTES; 20 is also its default, so a
-- 20 becomes "follow HOLD_MINUTES" and any other value stays the site's own.
UPDATE sites SET
  hold_minutes = NULLIF((settings ->> 'holdMinutes')::int, 20),
  few_stock_threshold = COALESCE((settings ->> 'fewStockThreshold')::int, 0),
  calendar_colorized = COALESCE((settings -> 'calendar' ->> 'colorized')::boolean, false),
  settings = settings - 'holdMinutes' - 'fewStockThreshold' - 'calendar';

-- Provider secrets of a site (secret API keys, hash keys): read by server code only, never part of a response.
CREATE TABLE site_secrets (
  site_code  text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  name       text NOT NULL,
  value      text NOT NULL,
  PRIMARY KEY (site_code, name)
);

-- Shared select lists (prefectures, countries, age bands, ...): a settings document names one with
-- { "list": name }. The lists the code ships are refreshed on every start; staff add their own names.
CREATE TABLE option_lists (
  name   text PRIMARY KEY,
  items  jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array')
);

-- Demo ticket types are found by (product, key): staff may reorder ticket types freely, and reordering
-- no longer renames the types that existing order lines point to.
ALTER TABLE option_values ADD COLUMN seed_key text;
CREATE UNIQUE INDEX option_values_product_seed_key_uidx ON option_values (product_id, seed_key);
DROP INDEX option_values_product_position_uidx;
