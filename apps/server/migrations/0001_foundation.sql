-- Sites, languages, texts and the catalogue. Money is integer minor units; times are timestamptz.

CREATE TABLE sites (
  code        text PRIMARY KEY,
  slug        text NOT NULL UNIQUE,
  position    integer NOT NULL,
  settings    jsonb NOT NULL
);

CREATE TABLE languages (
  id               serial PRIMARY KEY,
  site_code        text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  code             text NOT NULL,
  display_name     text NOT NULL,
  display_position integer NOT NULL,
  is_default       boolean NOT NULL DEFAULT false,
  UNIQUE (site_code, code)
);

-- scope is '*' for texts shared by every site, or a site code for a site's override.
CREATE TABLE texts (
  scope  text NOT NULL,
  lang   text NOT NULL,
  key    text NOT NULL,
  text   text NOT NULL,
  PRIMARY KEY (scope, lang, key)
);

CREATE TABLE field_templates (
  site_code   text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  field_name  text NOT NULL,
  field_type  text NOT NULL CHECK (field_type IN ('text', 'select')),
  is_display  boolean NOT NULL,
  is_require  boolean NOT NULL,
  position    integer NOT NULL,
  PRIMARY KEY (site_code, field_name)
);

CREATE TABLE calendar_colors (
  site_code   text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  date        date NOT NULL,
  color_code  text NOT NULL,
  PRIMARY KEY (site_code, date)
);

CREATE TABLE payment_methods (
  site_code  text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  channel    text NOT NULL,
  method     text NOT NULL,
  enabled    boolean NOT NULL DEFAULT true,
  position   integer NOT NULL,
  PRIMARY KEY (site_code, channel, method)
);

CREATE TABLE products (
  id             serial PRIMARY KEY,
  uuid           uuid NOT NULL UNIQUE,
  site_code      text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  product_type   text NOT NULL CHECK (product_type IN ('period', 'date', 'time')),
  names          jsonb NOT NULL,
  descriptions   jsonb NOT NULL,
  cautions       jsonb NOT NULL,
  image_url      text,
  sale_channels  text[] NOT NULL,
  min_quantity   integer NOT NULL DEFAULT 1 CHECK (min_quantity >= 1),
  max_quantity   integer NOT NULL DEFAULT 10 CHECK (max_quantity >= min_quantity),
  position       integer NOT NULL DEFAULT 0,
  -- Outside [sale_starts_at, sale_ends_at) the product answers 'ticket not on sale now'.
  sale_starts_at timestamptz,
  sale_ends_at   timestamptz
);
CREATE INDEX products_site_idx ON products (site_code, position);

-- Ticket types of a product (adult, child, ...).
CREATE TABLE option_values (
  id          serial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  names       jsonb NOT NULL,
  price       integer NOT NULL CHECK (price >= 0),
  position    integer NOT NULL DEFAULT 0
);
CREATE INDEX option_values_product_idx ON option_values (product_id);

-- Add-ons sold with a main product (audio guide, drink, ...).
CREATE TABLE set_products (
  id            serial PRIMARY KEY,
  uuid          uuid NOT NULL UNIQUE,
  site_code     text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  names         jsonb NOT NULL,
  descriptions  jsonb NOT NULL,
  price         integer NOT NULL CHECK (price >= 0),
  position      integer NOT NULL DEFAULT 0
);
CREATE TABLE set_product_links (
  set_product_id  integer NOT NULL REFERENCES set_products(id) ON DELETE CASCADE,
  product_id      integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (set_product_id, product_id)
);

-- The stock of one slot. held + sold never exceeds capacity: the CHECK is the last line of defence
-- behind the conditional update in the hold function.
CREATE TABLE time_spans (
  id          bigserial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL CHECK (ends_at > starts_at),
  capacity    integer NOT NULL CHECK (capacity >= 0),
  held        integer NOT NULL DEFAULT 0 CHECK (held >= 0),
  sold        integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  on_sale     boolean NOT NULL DEFAULT true,
  CONSTRAINT time_spans_never_oversold CHECK (held + sold <= capacity)
);
CREATE INDEX time_spans_product_start_idx ON time_spans (product_id, starts_at);

CREATE TABLE orders (
  id             bigserial PRIMARY KEY,
  order_token    text NOT NULL UNIQUE,
  site_code      text NOT NULL REFERENCES sites(code),
  channel        text NOT NULL,
  status         text NOT NULL,
  lang           text NOT NULL,
  product_id     integer NOT NULL REFERENCES products(id),
  time_span_id   bigint NOT NULL REFERENCES time_spans(id),
  quantity       integer NOT NULL CHECK (quantity > 0),
  price          integer NOT NULL CHECK (price >= 0),
  customer_info  jsonb NOT NULL DEFAULT '[]',
  expires_at     timestamptz NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- The sweeper scans holding orders by expiry.
CREATE INDEX orders_hold_expiry_idx ON orders (expires_at) WHERE status IN ('holding', 'ready_checkout');

CREATE TABLE order_lines (
  order_id         bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  option_value_id  integer NOT NULL REFERENCES option_values(id),
  quantity         integer NOT NULL CHECK (quantity > 0),
  unit_price       integer NOT NULL CHECK (unit_price >= 0),
  PRIMARY KEY (order_id, option_value_id)
);

CREATE TABLE order_set_products (
  order_id        bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  set_product_id  integer NOT NULL REFERENCES set_products(id),
  quantity        integer NOT NULL CHECK (quantity > 0),
  unit_price      integer NOT NULL CHECK (unit_price >= 0),
  PRIMARY KEY (order_id, set_product_id)
);

CREATE TABLE coupons (
  id              serial PRIMARY KEY,
  site_code       text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  code            text NOT NULL,
  names           jsonb NOT NULL,
  campaign        text NOT NULL,
  discount_type   text NOT NULL CHECK (discount_type IN ('percent', 'fixed')),
  discount_value  integer NOT NULL CHECK (discount_value >= 0),
  is_invitation   boolean NOT NULL DEFAULT false,
  usage_limit     integer,
  used_count      integer NOT NULL DEFAULT 0,
  -- When the code can be entered.
  valid_from      timestamptz,
  valid_to        timestamptz,
  -- Visit dates the discount covers.
  coverage_from   date,
  coverage_to     date,
  channels        text[] NOT NULL DEFAULT '{web}',
  product_ids     integer[],
  enabled         boolean NOT NULL DEFAULT true,
  UNIQUE (site_code, code),
  CONSTRAINT coupons_within_limit CHECK (usage_limit IS NULL OR used_count <= usage_limit)
);

CREATE TABLE order_coupons (
  id         serial PRIMARY KEY,
  order_id   bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  coupon_id  integer NOT NULL REFERENCES coupons(id),
  discount   integer NOT NULL CHECK (discount >= 0),
  UNIQUE (order_id, coupon_id)
);
